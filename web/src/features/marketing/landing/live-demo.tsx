import type { LandingCopy } from '../i18n/landing-copy';
import { AppLink } from '../shared/app-link';
import { useMainCtaHref } from '../shared/main-cta';
import { Section } from './section';
import { TitledGrid } from './titled-grid';

/** The live demo section (loaded lazily by the landing page). */
export default function LiveDemo({ copy }: { copy: LandingCopy }) {
  const href = useMainCtaHref();
  return (
    <Section id="demo" title={copy.demo.title} subtitle={copy.demo.subtitle}>
      <TitledGrid items={copy.demo.steps} />
      <div className="mt-10 grid gap-6 rounded-2xl bg-slate-900 p-6 text-slate-100 md:grid-cols-2">
        <div className="flex flex-col gap-2 font-mono text-sm">
          {copy.hero.sampleLines.map((line) => (
            <p key={line.time}>
              <span className="text-brand-100">
                [{line.time}] {line.speaker}:
              </span>{' '}
              {line.text}
            </p>
          ))}
        </div>
        <div className="flex flex-col items-start justify-center gap-3">
          <p className="text-slate-300">{copy.demo.steps[2]!.description}</p>
          <AppLink
            href={href}
            className="rounded-xl bg-white px-5 py-2.5 font-semibold text-slate-900 hover:bg-brand-50"
          >
            {copy.demo.cta}
          </AppLink>
        </div>
      </div>
    </Section>
  );
}
