import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/account/account-page';
import { DeveloperSection } from '../../features/api-keys/developer-section';
import { WebhooksSection } from '../../features/webhooks/webhooks-section';

/** The account page with the Developer section (API keys, then webhooks): three features composed here. */
function Account() {
  return (
    <AccountPage
      developerSection={
        <DeveloperSection>
          <WebhooksSection />
        </DeveloperSection>
      }
    />
  );
}

export const Route = createFileRoute('/_authed/account')({ component: Account });
