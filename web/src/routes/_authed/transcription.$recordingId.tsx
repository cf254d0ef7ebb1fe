import { createFileRoute } from '@tanstack/react-router';
import type { Translation } from '@scrivo/contracts/translations/translations.contract';
import { languageName } from '../../lib/language';
import { QuestionPanel } from '../../features/questions/components/question-panel';
import { ShareLinksButton } from '../../features/share-links/components/share-links-button';
import { useSummary } from '../../features/summaries/api/summaries';
import { SummaryPanel } from '../../features/summaries/components/summary-panel';
import { TranscriptWithEditor } from '../../features/transcript/editor/transcript-with-editor';
import { TranscriptPage, type LoadedTranscript } from '../../features/transcript/transcript-page';
import { useTranslations } from '../../features/translations/api/translations';
import { TranslationPanel } from '../../features/translations/components/translation-panel';
import { useWorkspaces } from '../../features/workspaces/api/workspaces';

export const Route = createFileRoute('/_authed/transcription/$recordingId')({ component: Transcript });

function Transcript() {
  const { recordingId } = Route.useParams();
  const spaces = useWorkspaces().data?.workspaces;
  return (
    <TranscriptPage
      key={recordingId}
      recordingId={recordingId}
      spaces={spaces}
      workspace={(loaded) => <Workspace {...loaded} />}
    />
  );
}

/** Translations that are done, in the form the export menu offers them. */
const finishedTranslations = (items: readonly Translation[] = []) =>
  items
    .filter((t) => t.segments !== null)
    .map((t) => ({ code: t.target, name: languageName(t.target) ?? t.target }));

/**
 * The transcript workspace with what other features add: a share-links button, the summary and translations (in
 * their tabs and in the exported documents) and questions. Rendered only once the transcript is there, so these
 * features ask the server about a finished recording only. A viewer of the recording's workspace gets no editor, no
 * notes to add and no Summarize or Translate (members ask, the uploader's plan pays); share links are the uploader's
 * alone.
 */
function Workspace(loaded: LoadedTranscript) {
  const { recording, transcript, may } = loaded;
  const summary = useSummary(recording.id);
  const translations = useTranslations(recording.id);
  return (
    <TranscriptWithEditor
      {...loaded}
      readOnly={!may.edits}
      actions={may.mine ? <ShareLinksButton recordingId={recording.id} /> : null}
      exports={{
        hasSummary: !!summary.data?.content,
        translations: finishedTranslations(translations.data?.items),
      }}
      panels={[
        {
          id: 'summary',
          label: 'Summary',
          render: (seek) => (
            <SummaryPanel
              recordingId={recording.id}
              transcriptLanguage={transcript.language}
              onSeek={seek}
              may={may}
            />
          ),
        },
        {
          id: 'translation',
          label: 'Translation',
          render: (seek) => (
            <TranslationPanel recordingId={recording.id} transcript={transcript} onSeek={seek} may={may} />
          ),
        },
        {
          id: 'ask',
          label: 'Ask',
          render: (_seek, playFrom) => <QuestionPanel recordingId={recording.id} onPlayFrom={playFrom} />,
        },
      ]}
    />
  );
}
