import { Icon } from '../../../components/ui/icons';
import type { LandingCopy } from '../i18n/landing-copy';

export function TrustBadges({ copy }: { copy: LandingCopy }) {
  return (
    <section aria-label={copy.trustBadges.join(', ')} className="border-y border-slate-100 bg-white">
      <ul className="mx-auto flex max-w-6xl flex-wrap justify-center gap-x-8 gap-y-3 px-4 py-6 text-sm font-medium text-slate-700">
        {copy.trustBadges.map((badge) => (
          <li key={badge} className="flex items-center gap-2">
            <Icon name="check" className="h-4 w-4 shrink-0 text-emerald-600" />
            {badge}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Stats({ copy }: { copy: LandingCopy }) {
  return (
    <section aria-label={copy.stats.map((s) => `${s.value} ${s.label}`).join(', ')} className="bg-white">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 text-center md:grid-cols-4">
        {copy.stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm text-slate-600">{stat.label}</dt>
            <dd className="text-3xl font-bold text-brand-700">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
