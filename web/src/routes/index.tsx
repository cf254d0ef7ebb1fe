import { createFileRoute } from '@tanstack/react-router';
import { en } from '../features/marketing/i18n/en';
import { LandingPage } from '../features/marketing/landing/landing-page';

// Exported on purpose: TanStack Router keeps an exported component in the main bundle instead of splitting it
// into a chunk fetched after the entry has run. The landing page is the usual first visit, so it paints without
// that second round trip or a spinner (bench/web: median LCP of / 750-790 ms against 900-1280 ms split); other
// first visits pay about 11 KB gzipped more.
export const Home = () => <LandingPage copy={en} />;

export const Route = createFileRoute('/')({ component: Home });
