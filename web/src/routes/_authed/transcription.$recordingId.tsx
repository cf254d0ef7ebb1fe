import { createFileRoute } from '@tanstack/react-router';
import { TranscriptPage } from '../../features/transcript/transcript-page';

export const Route = createFileRoute('/_authed/transcription/$recordingId')({ component: Transcript });

function Transcript() {
  const { recordingId } = Route.useParams();
  return <TranscriptPage key={recordingId} recordingId={recordingId} />;
}
