import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../features/marketing/pages/info-page';
import { privacy } from '../features/marketing/pages/legal';

export const Route = createFileRoute('/privacy')({ component: () => <InfoPage content={privacy} /> });
