import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { AnnotationKind } from '../annotations';
import type { RecordingEvent } from '../events';

export const ANNOTATIONS_COLLECTION = 'transcript-annotations';

export interface AnnotationDoc {
  readonly id: string;
  readonly kind: AnnotationKind;
  readonly start: number;
  readonly end: number;
  readonly comment: string | null;
  readonly authorId: string;
  readonly createdAt: string;
  readonly editedAt: string | null;
}

/**
 * One document per recording with its owner's highlights and comments, in passage order. Kept apart from the
 * transcript document on purpose: share links read that one, and notes are the owner's alone.
 */
export interface AnnotationsDoc {
  readonly id: string;
  readonly items: readonly AnnotationDoc[];
}

const byPassage = (a: AnnotationDoc, b: AnnotationDoc) => a.start - b.start || a.end - b.end;

/** The annotations after one more event of the recording's stream. */
export const evolveAnnotationsDoc = (
  items: readonly AnnotationDoc[],
  recorded: RecordedEvent,
): readonly AnnotationDoc[] => {
  const event = { type: recorded.type, data: recorded.data } as RecordingEvent;
  switch (event.type) {
    case 'TranscriptAnnotated': {
      const d = event.data;
      if (items.some((a) => a.id === d.annotationId)) return items;
      const added: AnnotationDoc = {
        id: d.annotationId,
        kind: d.kind,
        start: d.start,
        end: d.end,
        comment: d.comment,
        authorId: d.authorId,
        createdAt: d.at,
        editedAt: null,
      };
      return [...items, added].sort(byPassage);
    }
    case 'TranscriptAnnotationEdited':
      return items.map((a) =>
        a.id === event.data.annotationId ? { ...a, comment: event.data.comment, editedAt: event.data.at } : a,
      );
    case 'TranscriptAnnotationRemoved':
      return items.filter((a) => a.id !== event.data.annotationId);
    default:
      return items;
  }
};

export const annotationsProjection: Projection = {
  name: 'transcript-annotations',
  collections: [ANNOTATIONS_COLLECTION],
  eventTypes: [
    'TranscriptAnnotated',
    'TranscriptAnnotationEdited',
    'TranscriptAnnotationRemoved',
    'RecordingErased',
  ],
  async handle(recorded, context) {
    const event = { type: recorded.type, data: recorded.data } as RecordingEvent;
    const id = event.data.recordingId;
    // The owner's account was erased: their notes go with the recording.
    if (event.type === 'RecordingErased') {
      context.delete(ANNOTATIONS_COLLECTION, id);
      return;
    }
    const current = await context.get<AnnotationsDoc>(ANNOTATIONS_COLLECTION, id);
    const items = evolveAnnotationsDoc(current?.items ?? [], recorded);
    const next: AnnotationsDoc = { id, items };
    context.upsert(ANNOTATIONS_COLLECTION, next);
  },
};
