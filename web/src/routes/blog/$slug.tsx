import { createFileRoute } from '@tanstack/react-router';
import { ArticlePage } from '../../features/marketing/articles/article-pages';
import { findBySlug, blogPosts } from '../../features/marketing/articles/collections';

export const Route = createFileRoute('/blog/$slug')({ component: Article });

function Article() {
  const { slug } = Route.useParams();
  return <ArticlePage basePath="/blog" baseLabel="Blog" document={findBySlug(blogPosts(), slug)} />;
}
