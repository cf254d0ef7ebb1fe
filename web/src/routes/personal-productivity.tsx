import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../features/marketing/pages/info-page';
import { personalProductivity } from '../features/marketing/pages/solutions';

export const Route = createFileRoute('/personal-productivity')({
  component: () => <InfoPage content={personalProductivity} />,
});
