import { lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { en } from '../i18n/en';
import { SiteHeader } from '../landing/site-header';

const SiteFooter = lazy(() => import('../landing/site-footer'));

/** The frame of every English marketing and info page: the landing header (anchors lead home) and footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <SiteHeader copy={en} anchorBase="/" />
      <main id="main" className="min-h-[60vh]">
        {children}
      </main>
      <Suspense fallback={<Spinner label={en.loading} />}>
        <SiteFooter copy={en} />
      </Suspense>
    </>
  );
}

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-14 text-center sm:px-6">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>}
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="text-lg text-slate-700">{lead}</p>
        {children}
      </div>
    </section>
  );
}
