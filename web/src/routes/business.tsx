import { createFileRoute } from '@tanstack/react-router';
import { en } from '../features/marketing/i18n/en';
import { LandingPage } from '../features/marketing/landing/landing-page';

export const Route = createFileRoute('/business')({
  component: () => <LandingPage copy={en} path="/business" />,
});
