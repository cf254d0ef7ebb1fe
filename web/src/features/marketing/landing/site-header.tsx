import type { LandingCopy } from '../i18n/landing-copy';
import { AppLink } from '../shared/app-link';
import { useCurrentUser } from '../../../lib/api/current-user';
import { LanguageMenu } from './language-menu';

/**
 * Sticky header: logo, scroll links to the section anchors, language menu, then Sign In and Sign Up, or the way
 * back to the Dashboard for someone already signed in (offering sign-in again would look like a lost session).
 */
export function SiteHeader({ copy, anchorBase = '' }: { copy: LandingCopy; anchorBase?: string }) {
  const anchors = [
    ['features', copy.nav.features],
    ['demo', copy.nav.demo],
    ['pricing', copy.nav.pricing],
    ['testimonials', copy.nav.reviews],
  ] as const;
  const { data: user } = useCurrentUser();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
        <AppLink
          href={copy.path}
          className="flex items-center gap-2 text-lg font-bold text-slate-900"
          aria-label={copy.nav.home}
        >
          <span
            aria-hidden="true"
            className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white"
          >
            S
          </span>
          <span className="hidden min-[400px]:inline">Scrivo</span>
        </AppLink>
        <nav aria-label={copy.nav.primary} className="hidden items-center gap-6 md:flex">
          {anchors.map(([id, label]) => (
            <a
              key={id}
              href={`${anchorBase}#${id}`}
              className="text-sm font-medium text-slate-700 hover:text-brand-700"
            >
              {label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <LanguageMenu copy={copy} />
          {user ? (
            <AppLink
              href="/dashboard"
              className="rounded-lg bg-brand-600 px-2 py-2 text-xs font-medium text-white hover:bg-brand-700 sm:px-4 sm:text-sm"
            >
              {copy.nav.dashboard}
            </AppLink>
          ) : (
            <>
              <AppLink
                href="/signin"
                className="rounded-lg px-1.5 py-2 text-xs font-medium text-slate-700 hover:bg-slate-100 sm:px-3 sm:text-sm"
              >
                {copy.nav.signIn}
              </AppLink>
              <AppLink
                href="/signup"
                className="rounded-lg bg-brand-600 px-2 py-2 text-xs font-medium text-white hover:bg-brand-700 sm:px-4 sm:text-sm"
              >
                {copy.nav.signUp}
              </AppLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
