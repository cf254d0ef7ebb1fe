import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '../features/marketing/pages/info-page';
import { emailTemplates } from '../features/marketing/pages/product-pages';

export const Route = createFileRoute('/email-templates')({
  component: () => <InfoPage content={emailTemplates} />,
});
