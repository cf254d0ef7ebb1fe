import { DomainError, NotFoundError } from '../kernel/errors';
import type { RecordingEvent } from './events';
import type { Segment } from './transcript';

/** Most a comment can hold (a paragraph of notes, as in the editors people know). */
export const MAX_COMMENT_LENGTH = 2000;

export type AnnotationKind = 'highlight' | 'comment';

/**
 * What the decider keeps of each annotation: enough to check an edit or removal. Anchored to times (seconds),
 * not to segment ids and word indexes: text edits re-derive words and restructures split, merge and renumber
 * segments, but every word keeps its place in time, so a passage marked by its times survives all of them.
 */
export interface AnnotationState {
  readonly kind: AnnotationKind;
  readonly start: number;
  readonly end: number;
  /** Who wrote it: in a shared workspace only they change its text (they or the recording's owner remove it). */
  readonly authorId: string;
}

export type AnnotationCommand =
  | {
      type: 'AnnotateTranscript';
      annotationId: string;
      kind: AnnotationKind;
      start: number;
      end: number;
      /** The comment's text; null for a highlight. */
      comment: string | null;
      authorId: string;
      now: string;
    }
  /** `by`: who asks (the author edits; the author or the recording's owner removes). */
  | { type: 'EditAnnotation'; annotationId: string; comment: string; by: string; now: string }
  | { type: 'RemoveAnnotation'; annotationId: string; by: string; now: string };

interface AnnotatedRecording {
  readonly id: string;
  readonly ownerId: string | null;
  readonly status: string;
  readonly segments: readonly Segment[];
  readonly annotations: Readonly<Record<string, AnnotationState>>;
}

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message);

const cleanComment = (comment: string): string => {
  const trimmed = comment.trim();
  if (trimmed.length === 0) throw invalid('A comment cannot be empty.');
  if (trimmed.length > MAX_COMMENT_LENGTH)
    throw invalid(`A comment can be at most ${MAX_COMMENT_LENGTH} characters.`);
  return trimmed;
};

/** The passage must lie inside the transcript's spoken time (a little rounding of the browser's times allowed). */
const checkRange = (start: number, end: number, segments: readonly Segment[]): void => {
  if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end < start)
    throw invalid('The passage must start at 0 s or later and end after it starts.');
  const last = segments.reduce((max, s) => Math.max(max, s.end), 0);
  if (segments.length === 0 || start > last + 0.01 || end > last + 0.01)
    throw invalid(`The passage must lie inside the transcript (0 to ${last} s).`);
};

const existing = (state: AnnotatedRecording, annotationId: string): AnnotationState => {
  const annotation = state.annotations[annotationId];
  if (!annotation) throw new NotFoundError('Annotation', annotationId);
  return annotation;
};

/** Highlights and comments on passages of a completed transcript: the owner's notes, kept with the recording. */
export const decideAnnotation = (command: AnnotationCommand, state: AnnotatedRecording): RecordingEvent[] => {
  switch (command.type) {
    case 'AnnotateTranscript': {
      // The same id again is the repeat of a request that already landed.
      if (state.annotations[command.annotationId]) return [];
      if (state.status !== 'completed')
        throw new DomainError('RECORDING_STATE_CONFLICT', 'Only a completed transcript can be annotated.');
      checkRange(command.start, command.end, state.segments);
      let comment: string | null = null;
      if (command.kind === 'comment') comment = cleanComment(command.comment ?? '');
      else if (command.comment !== null)
        throw invalid('A highlight has no comment text; add a comment instead.');
      return [
        {
          type: 'TranscriptAnnotated',
          data: {
            recordingId: state.id,
            annotationId: command.annotationId,
            kind: command.kind,
            start: command.start,
            end: command.end,
            comment,
            authorId: command.authorId,
            at: command.now,
          },
        },
      ];
    }
    case 'EditAnnotation': {
      const annotation = existing(state, command.annotationId);
      if (annotation.authorId !== command.by)
        throw new DomainError('FORBIDDEN', 'Only the person who wrote a comment can change it.');
      if (annotation.kind !== 'comment') throw invalid('Only a comment has text to edit.');
      return [
        {
          type: 'TranscriptAnnotationEdited',
          data: {
            recordingId: state.id,
            annotationId: command.annotationId,
            comment: cleanComment(command.comment),
            at: command.now,
          },
        },
      ];
    }
    case 'RemoveAnnotation': {
      const { authorId } = existing(state, command.annotationId);
      if (authorId !== command.by && state.ownerId !== command.by)
        throw new DomainError(
          'FORBIDDEN',
          'Only the person who wrote it, or the recording’s owner, can remove a highlight or comment.',
        );
      return [
        {
          type: 'TranscriptAnnotationRemoved',
          data: { recordingId: state.id, annotationId: command.annotationId, at: command.now },
        },
      ];
    }
  }
};

/** The decider's annotations after one more event (other events leave them as they are). */
export const evolveAnnotations = (
  annotations: Readonly<Record<string, AnnotationState>>,
  event: RecordingEvent,
): Readonly<Record<string, AnnotationState>> => {
  switch (event.type) {
    case 'TranscriptAnnotated': {
      const { annotationId, kind, start, end, authorId } = event.data;
      return { ...annotations, [annotationId]: { kind, start, end, authorId } };
    }
    case 'TranscriptAnnotationRemoved': {
      const { [event.data.annotationId]: _removed, ...rest } = annotations;
      return rest;
    }
    default:
      return annotations;
  }
};
