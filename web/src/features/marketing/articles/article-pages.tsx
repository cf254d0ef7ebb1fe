import { notFound } from '@tanstack/react-router';
import type { ArticleMeta, Document } from '../content/front-matter';
import { PageHero, PublicLayout } from '../layout/public-layout';
import { AppLink } from '../shared/app-link';
import { useSeo } from '../seo/use-seo';
import { Markdown } from './markdown';

/** An index of articles (blog, guides): cards with title, summary and date. */
export function ArticleIndex({
  path,
  title,
  lead,
  documents,
}: {
  path: string;
  title: string;
  lead: string;
  documents: Document<ArticleMeta>[];
}) {
  useSeo({ title: `${title} | Scrivo`, description: lead, path });
  return (
    <PublicLayout>
      <PageHero title={title} lead={lead} />
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        {documents.map(({ meta }) => (
          <li key={meta.slug}>
            <AppLink
              href={`${path}/${meta.slug}`}
              className="flex h-full flex-col gap-2 rounded-2xl border border-slate-200 p-5 hover:border-brand-500 hover:shadow"
            >
              {meta.category && (
                <span className="text-xs font-semibold uppercase text-brand-700">{meta.category}</span>
              )}
              <h2 className="text-lg font-semibold text-slate-900">{meta.title}</h2>
              <p className="text-slate-600">{meta.summary}</p>
              {meta.date && <time className="mt-auto text-sm text-slate-600">{meta.date}</time>}
            </AppLink>
          </li>
        ))}
      </ul>
    </PublicLayout>
  );
}

/** One article; an unknown slug is the not-found page. */
export function ArticlePage({
  basePath,
  baseLabel,
  document,
}: {
  basePath: string;
  baseLabel: string;
  document: Document<ArticleMeta> | undefined;
}) {
  if (!document) throw notFound();
  return <ArticleView basePath={basePath} baseLabel={baseLabel} document={document} />;
}

function ArticleView({
  basePath,
  baseLabel,
  document,
}: {
  basePath: string;
  baseLabel: string;
  document: Document<ArticleMeta>;
}) {
  const { meta, body } = document;
  useSeo({ title: `${meta.title} | Scrivo`, description: meta.summary, path: `${basePath}/${meta.slug}` });
  return (
    <PublicLayout>
      <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6">
        <nav aria-label="Breadcrumb">
          <AppLink href={basePath} className="text-sm font-medium text-brand-700 hover:underline">
            ← {baseLabel}
          </AppLink>
        </nav>
        <header className="flex flex-col gap-3">
          <h1 className="text-4xl font-bold tracking-tight">{meta.title}</h1>
          <p className="text-lg text-slate-600">{meta.summary}</p>
          {meta.date && <time className="text-sm text-slate-600">{meta.date}</time>}
        </header>
        <Markdown source={body} />
        <aside className="mt-6 rounded-2xl bg-brand-50 p-6">
          <p className="font-semibold">Try Scrivo free: 5 minutes a month, no credit card.</p>
          <AppLink
            href="/signup"
            className="mt-3 inline-block rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Start free
          </AppLink>
        </aside>
      </article>
    </PublicLayout>
  );
}
