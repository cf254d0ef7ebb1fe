import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../features/marketing/pages/info-page';
import { salesMarketing } from '../features/marketing/pages/solutions';

export const Route = createFileRoute('/sales-marketing')({
  component: () => <InfoPage content={salesMarketing} />,
});
