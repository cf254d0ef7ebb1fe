import { analytics } from '../../../lib/analytics/analytics';
import type { LandingCopy } from '../i18n/landing-copy';
import { AppLink } from '../shared/app-link';
import { useMainCtaHref } from '../shared/main-cta';

/** Hero with the main call to action and a static sample transcript card. */
export function Hero({ copy }: { copy: LandingCopy }) {
  const ctaHref = useMainCtaHref();
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-5">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{copy.hero.eyebrow}</p>
          <h1 className="text-4xl font-bold tracking-tight break-words hyphens-auto text-slate-900 sm:text-5xl">
            {copy.hero.title}
          </h1>
          <p className="text-lg text-slate-700">{copy.hero.subtitle}</p>
          <div className="flex flex-wrap gap-3">
            <AppLink
              href={ctaHref}
              data-cta="main"
              onClick={() => analytics.track('cta_clicked', { place: 'hero', label: 'get_started' })}
              className="rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white shadow hover:bg-brand-700"
            >
              {copy.hero.cta}
            </AppLink>
            <a
              href="#demo"
              className="rounded-xl border border-slate-300 bg-white px-6 py-3 font-semibold hover:bg-slate-50"
            >
              {copy.hero.secondary}
            </a>
          </div>
          <p className="text-sm text-slate-600">{copy.hero.note}</p>
        </div>
        <figure
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl"
          aria-label={copy.hero.sampleTitle}
        >
          <figcaption className="mb-4 flex items-center justify-between gap-2 border-b border-slate-100 pb-3">
            <span className="truncate font-semibold">{copy.hero.sampleTitle}</span>
            <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 rounded-full bg-emerald-500" />
          </figcaption>
          <ol className="flex flex-col gap-4">
            {copy.hero.sampleLines.map((line) => (
              <li key={line.time} className="flex flex-col gap-1">
                <span className="text-xs font-semibold text-brand-700">
                  {line.speaker} · <time>{line.time}</time>
                </span>
                <span className="text-slate-800">{line.text}</span>
              </li>
            ))}
          </ol>
        </figure>
      </div>
    </section>
  );
}
