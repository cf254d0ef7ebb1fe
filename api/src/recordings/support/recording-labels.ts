import type { ReadModelStore } from '@scrivo/domain';
import {
  RECORDING_FOLDERS_COLLECTION,
  RECORDING_TAGS_COLLECTION,
  filedDocId,
  type RecordingFolderDoc,
  type RecordingTagDoc,
} from '@scrivo/domain/library';
import type { RecordingLabels } from '../recording-view';

/** A folder or tag holds at most this many recordings for a filter (far above any real library). */
const MAX_FILTERED = 10_000;

/** The library's folders and tags of one owner's recordings, from the library projection. */
export class RecordingLabelsReader {
  constructor(
    private readonly readModels: ReadModelStore,
    private readonly ownerId: string,
  ) {}

  /** The ids the list is limited to by a folder and/or tag filter, or null when there is none. */
  async filter(query: { folder?: string; tag?: string }): Promise<string[] | null> {
    let ids: string[] | null = null;
    if (query.folder) {
      const docs = await this.readModels
        .collection<RecordingFolderDoc>(RECORDING_FOLDERS_COLLECTION)
        .find({ ownerId: this.ownerId, folderId: query.folder }, { limit: MAX_FILTERED });
      ids = docs.map((d) => d.recordingId ?? d.id);
    }
    if (query.tag) {
      const docs = await this.readModels
        .collection<RecordingTagDoc>(RECORDING_TAGS_COLLECTION)
        .find({ ownerId: this.ownerId, tagId: query.tag }, { limit: MAX_FILTERED });
      const tagged = docs.map((d) => d.recordingId);
      ids = ids === null ? tagged : ids.filter((id) => tagged.includes(id));
    }
    return ids;
  }

  async of(recordingIds: readonly string[]): Promise<Map<string, RecordingLabels>> {
    const result = new Map<string, RecordingLabels>();
    if (recordingIds.length === 0) return result;
    const [folders, tags] = await Promise.all([
      this.readModels
        .collection<RecordingFolderDoc>(RECORDING_FOLDERS_COLLECTION)
        .find({ id: { $in: recordingIds.map((r) => filedDocId(r, this.ownerId)) }, ownerId: this.ownerId }),
      this.readModels
        .collection<RecordingTagDoc>(RECORDING_TAGS_COLLECTION)
        .find(
          { recordingId: { $in: [...recordingIds] }, ownerId: this.ownerId },
          { sort: [{ field: 'id', direction: 'asc' }] },
        ),
    ]);
    for (const id of recordingIds)
      result.set(id, {
        folderId: folders.find((f) => (f.recordingId ?? f.id) === id)?.folderId ?? null,
        tagIds: tags.filter((t) => t.recordingId === id).map((t) => t.tagId),
      });
    return result;
  }
}
