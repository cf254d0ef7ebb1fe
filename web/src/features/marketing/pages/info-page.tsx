import type { ReactNode } from 'react';
import { PageHero, PublicLayout } from '../layout/public-layout';
import { AppLink } from '../shared/app-link';
import { useMainCtaHref } from '../shared/main-cta';
import { useSeo } from '../seo/use-seo';
import type { InfoPageContent } from './info-content';

/** Renders an info page: hero, sections of paragraphs and bullet lists, an optional call to action. */
export function InfoPage({ content, children }: { content: InfoPageContent; children?: ReactNode }) {
  useSeo({
    title: content.metaTitle ?? `${content.title} | Scrivo`,
    description: content.description,
    path: content.path,
  });
  const mainHref = useMainCtaHref();
  const ctaHref = content.cta?.href === '/signup' ? mainHref : content.cta?.href;
  return (
    <PublicLayout>
      <PageHero eyebrow={content.eyebrow} title={content.title} lead={content.lead}>
        {content.cta && ctaHref && (
          <p>
            <AppLink
              href={ctaHref}
              className="inline-block rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
            >
              {content.cta.label}
            </AppLink>
          </p>
        )}
        {content.updated && <p className="text-sm text-slate-600">Last updated: {content.updated}</p>}
      </PageHero>
      {children}
      <div className="mx-auto flex max-w-3xl flex-col gap-10 px-4 py-12 sm:px-6">
        {content.sections.map((section) => (
          <section key={section.heading} className="flex flex-col gap-3">
            <h2 className="text-2xl font-semibold">{section.heading}</h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {section.bullets && (
              <ul className="flex list-disc flex-col gap-1.5 pl-6 text-slate-700">
                {section.bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </PublicLayout>
  );
}
