import { createFileRoute } from '@tanstack/react-router';
import { fr } from '../features/marketing/i18n/fr';
import { LandingPage } from '../features/marketing/landing/landing-page';

export const Route = createFileRoute('/fr')({ component: () => <LandingPage copy={fr} /> });
