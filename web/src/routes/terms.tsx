import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../features/marketing/pages/info-page';
import { terms } from '../features/marketing/pages/legal';

export const Route = createFileRoute('/terms')({ component: () => <InfoPage content={terms} /> });
