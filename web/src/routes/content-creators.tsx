import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../features/marketing/pages/info-page';
import { contentCreators } from '../features/marketing/pages/solutions';

export const Route = createFileRoute('/content-creators')({
  component: () => <InfoPage content={contentCreators} />,
});
