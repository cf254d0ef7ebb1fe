import { Icon } from '../../../components/ui/icons';
import type { ReactNode } from 'react';

/** A landing section with its heading; `id` is the anchor the header links scroll to. */
export function Section({
  id,
  title,
  subtitle,
  tone = 'white',
  children,
}: {
  id?: string;
  title: string;
  subtitle?: string;
  tone?: 'white' | 'tint';
  children: ReactNode;
}) {
  const headingId = `${id ?? title.replace(/\W+/g, '-').toLowerCase()}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`scroll-mt-16 ${tone === 'tint' ? 'bg-slate-50' : 'bg-white'}`}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight">
            {title}
          </h2>
          {subtitle && <p className="mt-3 text-lg text-slate-600">{subtitle}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

export function Stars({ count }: { count: number }) {
  return (
    <span className="flex gap-0.5 text-amber-500" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <Icon key={i} name="star" className="h-5 w-5" />
      ))}
    </span>
  );
}
