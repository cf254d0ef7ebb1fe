import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useConsent } from '../lib/consent/consent';
import { analytics } from '../lib/analytics/analytics';

/** Records a page view on every route change (and the current page as soon as analytics is accepted). */
export function PageViewTracker() {
  // A share link's token is its only credential: it never goes to analytics.
  const path = useRouterState({ select: (state) => state.location.pathname }).replace(
    /^\/s\/.*/,
    '/s/:token',
  );
  const allowed = useConsent().preferences.analytics;
  useEffect(() => {
    if (allowed) analytics.track('page_view', { path });
  }, [path, allowed]);
  return null;
}
