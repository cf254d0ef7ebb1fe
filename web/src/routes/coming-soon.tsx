import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../features/marketing/pages/info-page';
import { comingSoon } from '../features/marketing/pages/product-pages';

export const Route = createFileRoute('/coming-soon')({ component: () => <InfoPage content={comingSoon} /> });
