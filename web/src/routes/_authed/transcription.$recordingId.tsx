import { createFileRoute } from '@tanstack/react-router';
import { QuestionPanel } from '../../features/questions/components/question-panel';
import { TranscriptPage } from '../../features/transcript/transcript-page';

export const Route = createFileRoute('/_authed/transcription/$recordingId')({ component: Transcript });

function Transcript() {
  const { recordingId } = Route.useParams();
  return (
    <TranscriptPage
      key={recordingId}
      recordingId={recordingId}
      panels={[
        {
          id: 'ask',
          label: 'Ask',
          render: (_seek, playFrom) => <QuestionPanel recordingId={recordingId} onPlayFrom={playFrom} />,
        },
      ]}
    />
  );
}
