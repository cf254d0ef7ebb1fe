import { lazy, Suspense } from 'react';
import { PageViewTracker } from '../analytics/page-view-tracker';

// The banner only matters a second after load, so its code stays out of the first download.
const CookieBanner = lazy(() => import('./cookie-banner').then((m) => ({ default: m.CookieBanner })));

/** Mounted once in the root route: page-view analytics and the cookie banner on every page. */
export function SiteExtras() {
  return (
    <>
      <PageViewTracker />
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
    </>
  );
}
