import { createFileRoute } from '@tanstack/react-router';
import { SharedPage } from '../features/share-links/shared-page';

/** A share link's page: public, no account (the token is the only handle). */
export const Route = createFileRoute('/s/$token')({ component: Shared });

function Shared() {
  const { token } = Route.useParams();
  return <SharedPage key={token} token={token} />;
}
