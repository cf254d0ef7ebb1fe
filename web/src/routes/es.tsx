import { createFileRoute } from '@tanstack/react-router';
import { es } from '../features/marketing/i18n/es';
import { LandingPage } from '../features/marketing/landing/landing-page';

export const Route = createFileRoute('/es')({ component: () => <LandingPage copy={es} /> });
