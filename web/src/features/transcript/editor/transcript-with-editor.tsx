import type { ComponentProps, ReactNode } from 'react';
import { CopyAllButton } from '../components/copy-all-button';
import { ExportMenu } from '../components/export-menu';
import { TranscriptWorkspace } from '../components/transcript-workspace';
import { useTranscriptEditor } from './use-transcript-editor';
import { errorMessage } from '../../../lib/error-message';
import { useAddAnnotation, useAnnotations, useEditAnnotation, useRemoveAnnotation } from '../api/annotations';
import type { WorkspaceNotes, WorkspacePanel } from '../components/use-transcript-workspace';
import type { LoadedTranscript } from '../transcript-page';

interface Props extends LoadedTranscript {
  /** Tabs other features add beside the transcript (composed by the route). */
  panels?: readonly WorkspacePanel[];
  /** Buttons other features add between copy and export (composed by the route). */
  actions?: ReactNode;
  /** What other features add to the exported documents: a summary, finished translations. */
  exports?: Pick<ComponentProps<typeof ExportMenu>, 'hasSummary' | 'translations'>;
  /** A viewer of the recording's workspace: reads, plays and exports, with no editor and no notes to add. */
  readOnly?: boolean;
}

/** The workspace with the editor when the plan has it (Premium, Business Pro), with an upsell on Free. */
export function TranscriptWithEditor({ plan, actions: added, exports, readOnly = false, ...props }: Props) {
  const canEdit = !readOnly && (plan === 'premium' || plan === 'business_pro');
  const { recording, transcript } = props;
  const editor = useTranscriptEditor(recording.id, transcript, canEdit);
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
  const actions = (
    <>
      <CopyAllButton transcript={transcript} />
      {added}
      <ExportMenu
        {...exports}
        recordingId={recording.id}
        title={recording.title}
        hasSpeakers={transcript.segments.some((s) => !!s.speaker)}
        hasAnnotations={notes.annotations.length > 0}
      />
    </>
  );
  return (
    <TranscriptWorkspace
      {...props}
      actions={actions}
      editor={canEdit ? editor : undefined}
      showUpsell={!readOnly && plan === 'free'}
      notes={readOnly ? undefined : notes}
    />
  );
}
