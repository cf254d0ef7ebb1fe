import { createFileRoute } from '@tanstack/react-router';
import { SharedPage } from '../features/share-links/shared-page';
import { SharedTranscript } from '../features/transcript/shared-transcript';

/** A share link's page: public, no account (the token is the only handle). */
export const Route = createFileRoute('/s/$token')({ component: Shared });

/** The share link (password, expiry) is one feature, the transcript it opens another: composed here. */
function Shared() {
  const { token } = Route.useParams();
  return (
    <SharedPage key={token} token={token} renderTranscript={(opened) => <SharedTranscript {...opened} />} />
  );
}
