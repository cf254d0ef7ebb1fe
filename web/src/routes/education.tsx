import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../features/marketing/pages/info-page';
import { education } from '../features/marketing/pages/solutions';

export const Route = createFileRoute('/education')({ component: () => <InfoPage content={education} /> });
