import { Icon } from '../../../components/ui/icons';
import { useRef } from 'react';
import type { Lang, LandingCopy } from '../i18n/landing-copy';
import { AppLink } from '../shared/app-link';

const LANGUAGES: readonly { lang: Lang; href: string; label: string; short: string }[] = [
  { lang: 'en', href: '/', label: 'English', short: 'EN' },
  { lang: 'es', href: '/es', label: 'Español', short: 'ES' },
  { lang: 'fr', href: '/fr', label: 'Français', short: 'FR' },
];

/** A disclosure menu linking to the three landing pages (a native details element: keyboard-ready). */
export function LanguageMenu({ copy }: { copy: LandingCopy }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const current = LANGUAGES.find((l) => l.lang === copy.lang)!;
  return (
    <details ref={ref} className="relative">
      <summary
        aria-label={`${copy.nav.language}: ${current.label}`}
        className="flex cursor-pointer list-none items-center gap-1 rounded-lg px-1.5 py-2 text-xs sm:px-2 sm:text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <Icon name="globe" className="h-4 w-4" /> {current.short}
      </summary>
      <ul className="absolute right-0 mt-1 w-36 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
        {LANGUAGES.map((language) => (
          <li key={language.lang}>
            <AppLink
              href={language.href}
              hrefLang={language.lang}
              lang={language.lang}
              aria-current={language.lang === copy.lang ? 'page' : undefined}
              onClick={() => ref.current?.removeAttribute('open')}
              className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
            >
              {language.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
