import { openCookiePreferences } from '../../../lib/consent/consent';
import type { LandingCopy } from '../i18n/landing-copy';
import { AppLink } from '../shared/app-link';
import { Button } from '../../../components/ui/button';

const COLUMNS = [
  [
    'product',
    [
      'features:/features',
      'pricing:/pricingandplans',
      'premium:/premiumplan',
      'businessPro:/businessproplan',
      'comingSoon:/coming-soon',
    ],
  ],
  [
    'solutions',
    [
      'business:/business',
      'creators:/content-creators',
      'education:/education',
      'sales:/sales-marketing',
      'productivity:/personal-productivity',
    ],
  ],
  [
    'resources',
    ['blog:/blog', 'guides:/guides', 'help:/help', 'howto:/howto', 'faq:/faq', 'templates:/email-templates'],
  ],
  ['legal', ['privacy:/privacy', 'terms:/terms', 'security:/security', 'cookies:/cookies']],
] as const;

/** The site footer (loaded lazily by the landing page, shared by every marketing page). */
export default function SiteFooter({ copy }: { copy: LandingCopy }) {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-5">
        <div className="flex flex-col gap-3">
          <p className="text-lg font-bold text-white">Scrivo</p>
          <p className="text-sm">{copy.footer.tagline}</p>
        </div>
        {COLUMNS.map(([column, links]) => (
          <nav key={column} aria-label={copy.footer[column]}>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
              {copy.footer[column]}
            </h2>
            <ul className="flex flex-col gap-2 text-sm">
              {links.map((entry) => {
                const [key, href] = entry.split(':') as [string, string];
                return (
                  <li key={href}>
                    <AppLink href={href} className="hover:text-white hover:underline">
                      {copy.footer.links[key]}
                    </AppLink>
                  </li>
                );
              })}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm sm:px-6">
          <p>
            © {new Date().getFullYear()} {copy.footer.rights}
          </p>
          <Button variant="unstyled" onClick={openCookiePreferences} className="underline hover:text-white">
            {copy.footer.cookieSettings}
          </Button>
        </div>
      </div>
    </footer>
  );
}
