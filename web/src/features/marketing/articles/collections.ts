import { toArticle, type ArticleMeta, type Document } from '../content/front-matter';

/** The Markdown collections under /content, bundled at build time into the pages that show them. */
const load = (files: Record<string, string>): Document<ArticleMeta>[] =>
  Object.entries(files).map(([path, source]) => toArticle(path, source));

export const helpArticles = () =>
  load(
    import.meta.glob<string>('../../../../../content/help/*.md', {
      eager: true,
      query: '?raw',
      import: 'default',
    }),
  ).sort((a, b) => a.meta.title.localeCompare(b.meta.title));

export const guides = () =>
  load(
    import.meta.glob<string>('../../../../../content/guides/*.md', {
      eager: true,
      query: '?raw',
      import: 'default',
    }),
  );

export const blogPosts = () =>
  load(
    import.meta.glob<string>('../../../../../content/blog/*.md', {
      eager: true,
      query: '?raw',
      import: 'default',
    }),
  ).sort((a, b) => (b.meta.date ?? '').localeCompare(a.meta.date ?? ''));

export const findBySlug = (documents: Document<ArticleMeta>[], slug: string) =>
  documents.find((document) => document.meta.slug === slug);
