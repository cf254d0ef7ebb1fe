import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../features/marketing/pages/info-page';
import { security } from '../features/marketing/pages/legal';

export const Route = createFileRoute('/security')({ component: () => <InfoPage content={security} /> });
