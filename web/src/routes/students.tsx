import { createFileRoute } from '@tanstack/react-router';
import { education } from '../features/marketing/pages/solutions';
import { InfoPage } from '../features/marketing/pages/info-page';

// The spec lists /education and /students as the same page.
export const Route = createFileRoute('/students')({ component: () => <InfoPage content={education} /> });
