import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../../features/marketing/pages/info-page';
import { features } from '../../features/marketing/pages/product-pages';

export const Route = createFileRoute('/features/')({ component: () => <InfoPage content={features} /> });
