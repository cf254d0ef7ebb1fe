import { createFileRoute } from '@tanstack/react-router';
import { ArticleIndex } from '../../features/marketing/articles/article-pages';
import { blogPosts } from '../../features/marketing/articles/collections';

export const Route = createFileRoute('/blog/')({
  component: () => (
    <ArticleIndex
      path="/blog"
      title="Blog"
      lead="News, comparisons and practical guides on transcription, translation, accessibility and working with recordings."
      documents={blogPosts()}
    />
  ),
});
