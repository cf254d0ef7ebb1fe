import { Recording, type RecordingListItem, type Transcript } from '@scrivo/contracts';
import type { RecordingDoc, TranscriptDoc } from '@scrivo/domain/recordings';
import type { RetentionRemoval } from '@scrivo/domain/workspaces';

/**
 * The recording as the API shows it: the contract's fields, copied from the library document (the schema drops
 * the fields only the server keeps, such as the owner and the blob keys), so a field added to both needs no line here.
 */
export const toRecording = (d: RecordingDoc, removal?: RetentionRemoval | null): Recording =>
  Recording.parse({ ...d, pieces: d.pieces ?? null, ...(removal === undefined ? {} : { removal }) });

/** The transcript as the API shows it; `editedBy` is its last editor, named by the caller (`transcriptView`). */
export const toTranscript = (
  { id: _id, ownerId: _owner, editedById: _editor, speakerTimeline, ...t }: TranscriptDoc,
  editedBy: Transcript['editedBy'],
): Transcript => ({
  ...t,
  editedBy,
  segments: t.segments.map((seg) => ({ ...seg, words: [...seg.words] })),
  ...(speakerTimeline ? { speakerTimeline: [...speakerTimeline] } : {}),
  // Transcripts stored before the editor existed are at their first version.
  version: t.version ?? 1,
  editedAt: t.editedAt ?? null,
});

/** About 160 characters of transcript around the first match, on word boundaries. */
export const snippetAround = (text: string, q: string): string | null => {
  const at = text.toLowerCase().indexOf(q.toLowerCase());
  if (at < 0) return null;
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, at - 60)) + 1);
  const endSpace = text.indexOf(' ', Math.min(text.length, at + q.length + 80));
  const end = endSpace < 0 ? text.length : endSpace;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
};

/** Where the library has filed a recording (library contract). */
export interface RecordingLabels {
  readonly folderId: string | null;
  readonly tagIds: readonly string[];
}
const UNFILED: RecordingLabels = { folderId: null, tagIds: [] };

export const toListItem = (
  d: RecordingDoc,
  q: string | undefined,
  labels: RecordingLabels = UNFILED,
  removal: RetentionRemoval | null = null,
): RecordingListItem => {
  const filed = { folderId: labels.folderId, tagIds: [...labels.tagIds] };
  if (!q) return { ...toRecording(d, removal), snippet: null, matchedIn: [], ...filed };
  const matchedIn: ('title' | 'transcript')[] = [];
  if (d.title.toLowerCase().includes(q.toLowerCase())) matchedIn.push('title');
  const snippet = snippetAround(d.searchText, q);
  if (snippet) matchedIn.push('transcript');
  return { ...toRecording(d, removal), snippet, matchedIn, ...filed };
};
