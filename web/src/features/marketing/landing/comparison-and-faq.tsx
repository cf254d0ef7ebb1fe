import { Icon } from '../../../components/ui/icons';
import { Accordion } from '../../../components/ui/accordion';
import type { LandingCopy } from '../i18n/landing-copy';
import { AppLink } from '../shared/app-link';
import { useMainCtaHref } from '../shared/main-cta';
import { Section } from './section';

export function Comparison({ copy }: { copy: LandingCopy }) {
  return (
    <Section title={copy.comparison.title} subtitle={copy.comparison.subtitle}>
      <ul className="grid gap-6 md:grid-cols-3">
        {copy.comparison.columns.map((column) => (
          <li
            key={column.name}
            className={`flex flex-col gap-4 rounded-2xl border p-6 ${
              column.highlight ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'
            }`}
          >
            <h3 className="text-lg font-semibold">{column.name}</h3>
            <ul className="flex flex-col gap-2 text-slate-700">
              {column.points.map((point) => (
                <li key={point} className="flex gap-2">
                  <Icon
                    name={column.highlight ? 'check' : 'dot'}
                    className={`mt-0.5 h-5 w-5 shrink-0 ${column.highlight ? 'text-emerald-600' : 'text-slate-400'}`}
                  />
                  {point}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function FaqSection({ copy }: { copy: LandingCopy }) {
  return (
    <Section id="faq" title={copy.faq.title} tone="tint">
      <div className="mx-auto max-w-3xl">
        <Accordion items={copy.faq.items} />
      </div>
    </Section>
  );
}

export function FinalCta({ copy }: { copy: LandingCopy }) {
  const href = useMainCtaHref();
  return (
    <section aria-labelledby="final-cta" className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h2 id="final-cta" className="text-3xl font-bold">
          {copy.finalCta.title}
        </h2>
        <p className="text-lg text-brand-100">{copy.finalCta.subtitle}</p>
        <AppLink
          href={href}
          className="rounded-xl bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {copy.finalCta.cta}
        </AppLink>
      </div>
    </section>
  );
}
