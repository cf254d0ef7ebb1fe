import { createFileRoute } from '@tanstack/react-router';
import { ArticleIndex } from '../../features/marketing/articles/article-pages';
import { guides } from '../../features/marketing/articles/collections';

export const Route = createFileRoute('/guides/')({
  component: () => (
    <ArticleIndex
      path="/guides"
      title="Guides"
      lead="Step-by-step guides for transcribing podcasts, videos, interviews, legal and medical recordings."
      documents={guides()}
    />
  ),
});
