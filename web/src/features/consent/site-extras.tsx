import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { isConsolePath } from '../../lib/console-paths';
import { PageViewTracker } from '../../components/page-view-tracker';

// The banner only matters a second after load, so its code stays out of the first download.
const CookieBanner = lazy(() => import('./cookie-banner').then((m) => ({ default: m.CookieBanner })));

/**
 * Mounted once in the root route: page-view analytics, and the cookie banner on every page but the admin and
 * auditor consoles (their staff are not the site's visitors, and the banner covered the consoles' controls).
 */
export function SiteExtras() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <>
      <PageViewTracker />
      {!isConsolePath(path) && (
        <Suspense fallback={null}>
          <CookieBanner />
        </Suspense>
      )}
    </>
  );
}
