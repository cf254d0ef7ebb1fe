import { createFileRoute } from '@tanstack/react-router';
import { ArticlePage } from '../../features/marketing/articles/article-pages';
import { findBySlug, guides } from '../../features/marketing/articles/collections';

export const Route = createFileRoute('/guides/$slug')({ component: Article });

function Article() {
  const { slug } = Route.useParams();
  return <ArticlePage basePath="/guides" baseLabel="Guides" document={findBySlug(guides(), slug)} />;
}
