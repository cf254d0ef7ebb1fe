import { describe, it } from 'vitest';
import { NotFoundError } from '../kernel/errors';
import { DeciderSpecification } from '../testing';
import type { RecordingEvent } from './events';
import { type RecordingCommand, recordingDecider } from './recording';
import { completed, history, now } from './testing/completed-recording';
import { MAX_COMMENT_LENGTH } from './annotations';

const spec = DeciderSpecification.for(recordingDecider);
const comment = (changes: Partial<Extract<RecordingCommand, { type: 'AnnotateTranscript' }>> = {}) =>
  ({
    type: 'AnnotateTranscript',
    annotationId: 'a1',
    kind: 'comment',
    start: 1,
    end: 3.5,
    comment: '  Check this quote  ',
    authorId: 'u1',
    now,
    ...changes,
  }) satisfies RecordingCommand;

const commented: RecordingEvent = {
  type: 'TranscriptAnnotated',
  data: {
    recordingId: 'r1',
    annotationId: 'a1',
    kind: 'comment',
    start: 1,
    end: 3.5,
    comment: 'Check this quote',
    authorId: 'u1',
    at: now,
  },
};

describe('highlights and comments on a transcript', () => {
  it('keeps a comment on a passage, anchored by its times, with its text trimmed', () => {
    spec.given(completed).when(comment()).then([commented]);
  });

  it('keeps a highlight, which has no text', () => {
    spec
      .given(completed)
      .when(comment({ kind: 'highlight', comment: null }))
      .then([{ ...commented, data: { ...commented.data, kind: 'highlight', comment: null } }]);
  });

  it('survives a text edit: the passage is still there to remove after the words changed', () => {
    const edited: RecordingEvent = {
      type: 'TranscriptEdited',
      data: { recordingId: 'r1', version: 2, segments: [], speakers: { SPEAKER_00: 'Ann' }, at: now },
    };
    spec
      .given([...completed, commented, edited])
      .when({ type: 'RemoveAnnotation', annotationId: 'a1', by: 'u1', now })
      .then([
        { type: 'TranscriptAnnotationRemoved', data: { recordingId: 'r1', annotationId: 'a1', at: now } },
      ]);
  });

  it('changes nothing when the same comment arrives twice (a retried request)', () => {
    spec
      .given([...completed, commented])
      .when(comment())
      .thenNothingHappens();
  });

  it('refuses an empty comment and one over the limit', () => {
    spec
      .given(completed)
      .when(comment({ comment: '   ' }))
      .thenThrows({ code: 'VALIDATION_FAILED' });
    spec
      .given(completed)
      .when(comment({ comment: 'x'.repeat(MAX_COMMENT_LENGTH + 1) }))
      .thenThrows({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a passage outside the transcript or ending before it starts', () => {
    spec
      .given(completed)
      .when(comment({ start: 5, end: 60 }))
      .thenThrows({ code: 'VALIDATION_FAILED' });
    spec
      .given(completed)
      .when(comment({ start: 3, end: 2 }))
      .thenThrows({ code: 'VALIDATION_FAILED' });
    spec
      .given(completed)
      .when(comment({ start: -1, end: 2 }))
      .thenThrows({ code: 'VALIDATION_FAILED' });
  });

  it('refuses notes before the transcript is ready', () => {
    spec.given(history).when(comment()).thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
  });

  it('edits the text of a comment', () => {
    spec
      .given([...completed, commented])
      .when({ type: 'EditAnnotation', annotationId: 'a1', comment: ' Quote checked ', by: 'u1', now })
      .then([
        {
          type: 'TranscriptAnnotationEdited',
          data: { recordingId: 'r1', annotationId: 'a1', comment: 'Quote checked', at: now },
        },
      ]);
  });

  it('refuses to edit or remove a note that is not there (never written, or already removed)', () => {
    spec
      .given(completed)
      .when({ type: 'EditAnnotation', annotationId: 'a1', comment: 'x', by: 'u1', now })
      .thenThrows(NotFoundError);
    spec
      .given([
        ...completed,
        commented,
        { type: 'TranscriptAnnotationRemoved', data: { recordingId: 'r1', annotationId: 'a1', at: now } },
      ])
      .when({ type: 'RemoveAnnotation', annotationId: 'a1', by: 'u1', now })
      .thenThrows(NotFoundError);
  });

  it('refuses text on a highlight', () => {
    spec
      .given([...completed, { ...commented, data: { ...commented.data, kind: 'highlight', comment: null } }])
      .when({ type: 'EditAnnotation', annotationId: 'a1', comment: 'x', by: 'u1', now })
      .thenThrows({ code: 'VALIDATION_FAILED' });
  });

  it('in a shared workspace, lets only its author change a comment, and its author or the owner remove it', () => {
    // Ben (u2), a member of the recording's workspace, commented on Ann's (u1) recording.
    const bens: RecordingEvent = {
      ...commented,
      data: { ...commented.data, annotationId: 'a2', authorId: 'u2' },
    };
    const given = [...completed, commented, bens];
    const edit = (annotationId: string, by: string) =>
      spec.given(given).when({ type: 'EditAnnotation', annotationId, comment: 'Mine now', by, now });
    const remove = (annotationId: string, by: string) =>
      spec.given(given).when({ type: 'RemoveAnnotation', annotationId, by, now });
    edit('a1', 'u2').thenThrows({ code: 'FORBIDDEN' });
    edit('a2', 'u1').thenThrows({ code: 'FORBIDDEN' });
    remove('a1', 'u2').thenThrows({ code: 'FORBIDDEN' });
    edit('a2', 'u2').then([
      {
        type: 'TranscriptAnnotationEdited',
        data: { recordingId: 'r1', annotationId: 'a2', comment: 'Mine now', at: now },
      },
    ]);
    const removed = [
      { type: 'TranscriptAnnotationRemoved', data: { recordingId: 'r1', annotationId: 'a2', at: now } },
    ] satisfies RecordingEvent[];
    remove('a2', 'u2').then(removed);
    remove('a2', 'u1').then(removed);
  });
});
