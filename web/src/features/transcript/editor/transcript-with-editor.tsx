import type { Recording, Transcript, Usage } from '@scrivo/contracts/recordings/recordings.contract';
import type { ReactNode } from 'react';
import { ShareLinksButton } from '../../share-links/components/share-links-button';
import { useSummary } from '../../summaries/api/summaries-queries';
import { SummaryPanel } from '../../summaries/components/summary-panel';
import { useTranslations } from '../../translations/api/translations-queries';
import { languageName } from '../../../lib/language';
import { TranslationPanel } from '../../translations/components/translation-panel';
import { CopyAllButton } from '../components/copy-all-button';
import { ExportMenu } from '../components/export-menu';
import { TranscriptWorkspace } from '../components/transcript-workspace';
import { useTranscriptEditor } from './use-transcript-editor';
import { errorMessage } from '../../../lib/error-message';
import { useAddAnnotation } from '../api/use-add-annotation';
import { useAnnotations } from '../api/use-annotations';
import { useEditAnnotation } from '../api/use-edit-annotation';
import { useRemoveAnnotation } from '../api/use-remove-annotation';
import type { WorkspaceNotes, WorkspacePanel } from '../components/transcript-workspace';

interface Props {
  recording: Recording;
  transcript: Transcript;
  mediaUrl: string;
  heading: ReactNode;
  /** The caller's plan, undefined while it loads. */
  plan: Usage['plan'] | undefined;
  /** Tabs other features add after Summary and Translation (composed by the route). */
  panels?: readonly WorkspacePanel[];
}

/** The workspace with the editor when the plan has it (Premium, Business Pro), with an upsell on Free. */
export function TranscriptWithEditor({ plan, panels = [], ...props }: Props) {
  const canEdit = plan === 'premium' || plan === 'business_pro';
  const { recording, transcript } = props;
  const editor = useTranscriptEditor(recording.id, transcript, canEdit);
  const summary = useSummary(recording.id);
  const translations = useTranslations(recording.id);
  const annotations = useAnnotations(recording.id);
  const add = useAddAnnotation(recording.id);
  const edit = useEditAnnotation(recording.id);
  const remove = useRemoveAnnotation(recording.id);
  const failed = add.error ?? edit.error ?? remove.error;
  const notes: WorkspaceNotes = {
    annotations: annotations.data?.annotations ?? [],
    busy: add.isPending || edit.isPending || remove.isPending,
    error: failed ? errorMessage(failed) : null,
    onHighlight: (passage) => add.mutate({ kind: 'highlight', ...passage }),
    onComment: (passage, comment) => add.mutate({ kind: 'comment', ...passage, comment }),
    onEdit: (annotationId, comment) => edit.mutate({ annotationId, comment }),
    onRemove: (annotationId) => remove.mutate(annotationId),
  };
  const finished = (translations.data?.items ?? [])
    .filter((t) => t.segments !== null)
    .map((t) => ({ code: t.target, name: languageName(t.target) ?? t.target }));
  const actions = (
    <>
      <CopyAllButton transcript={transcript} />
      <ShareLinksButton recordingId={recording.id} />
      <ExportMenu
        recordingId={recording.id}
        title={recording.title}
        hasSpeakers={transcript.segments.some((s) => !!s.speaker)}
        hasSummary={!!summary.data?.content}
        translations={finished}
        hasAnnotations={notes.annotations.length > 0}
      />
    </>
  );
  return (
    <TranscriptWorkspace
      {...props}
      actions={actions}
      editor={canEdit ? editor : undefined}
      showUpsell={plan === 'free'}
      notes={notes}
      panels={[
        {
          id: 'summary',
          label: 'Summary',
          render: (seek) => (
            <SummaryPanel recordingId={recording.id} transcriptLanguage={transcript.language} onSeek={seek} />
          ),
        },
        {
          id: 'translation',
          label: 'Translation',
          render: (seek) => (
            <TranslationPanel recordingId={recording.id} transcript={transcript} onSeek={seek} />
          ),
        },
        ...panels,
      ]}
    />
  );
}
