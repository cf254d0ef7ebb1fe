import { useEffect, useMemo, useState } from 'react';
import faq from '../../../../../content/faq/faq.en.json';
import { Accordion } from '../../../components/ui/accordion';
import { PageHero, PublicLayout } from '../layout/public-layout';
import { useSeo } from '../seo/use-seo';
import { helpArticles } from './collections';
import { Markdown } from './markdown';
import { Input } from '../../../components/ui/input';

/** /help: searchable help-centre articles (the same files the support assistant answers from). */
export function HelpCentre() {
  useSeo({
    title: 'Help centre | Scrivo',
    description:
      'Answers about uploading, languages, translation, speaker labels, exports, plans, accounts, privacy and self-hosting.',
    path: '/help',
  });
  const articles = useMemo(helpArticles, []);
  const [query, setQuery] = useState('');
  // A link to one article (/help#using-the-api) lands on it: the sections exist only once this page has rendered.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? articles.filter(({ meta, body }) =>
        [meta.title, meta.summary, ...meta.keywords, body].some((text) =>
          text.toLowerCase().includes(needle),
        ),
      )
    : articles;
  return (
    <PublicLayout>
      <PageHero
        title="Help centre"
        lead="How Scrivo works, step by step. Can't find it? Use the chat button to ask us."
      >
        <div className="mx-auto w-full max-w-md">
          <label htmlFor="help-search" className="sr-only">
            Search help articles
          </label>
          <Input
            id="help-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search help articles"
            className="w-full rounded-xl border border-slate-300 px-4 py-3"
          />
        </div>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Help articles" className="lg:sticky lg:top-20 lg:self-start">
          <ul className="flex flex-col gap-1 text-sm">
            {shown.map(({ meta }) => (
              <li key={meta.slug}>
                <a href={`#${meta.slug}`} className="block rounded-lg px-3 py-1.5 hover:bg-slate-100">
                  {meta.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-12">
          {shown.length === 0 && <p role="status">No article matches “{query}”. Try another word.</p>}
          {shown.map(({ meta, body }) => (
            <section
              key={meta.slug}
              id={meta.slug}
              aria-label={meta.title}
              className="scroll-mt-20 border-b border-slate-200 pb-10"
            >
              <Markdown source={body.replace(/^# .*\n/, `## ${meta.title}\n`)} />
            </section>
          ))}
        </div>
      </div>
    </PublicLayout>
  );
}

/** /faq: the English FAQ (the same data the landing page and the support assistant use). */
export function FaqPage() {
  useSeo({
    title: 'Frequently asked questions | Scrivo',
    description: 'Prices, formats, languages, accuracy, privacy and more.',
    path: '/faq',
  });
  return (
    <PublicLayout>
      <PageHero
        title="Frequently asked questions"
        lead="Short answers to what people ask most. The help centre has the details."
      />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Accordion items={faq} />
      </div>
    </PublicLayout>
  );
}
