import type { AccountErased } from '../../accounts/events';
import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { WorkspaceDeleted } from '../../workspaces/events';
import { LIBRARY_EVENT_TYPES, type LibraryEvent, workspaceLibraryOwner } from '../events';

const WORKSPACE_OWNER_PREFIX = workspaceLibraryOwner('');

export const LIBRARY_FOLDERS_COLLECTION = 'library_folders';
export const LIBRARY_TAGS_COLLECTION = 'library_tags';
export const LIBRARY_SETTINGS_COLLECTION = 'library_settings';
/**
 * One document per filed recording and library: `{ id, ownerId, folderId, recordingId }`, its id `filedDocId`'s (a
 * person's filing keeps the recording's id, as before workspaces; a workspace's has its own, so a recording filed in
 * its uploader's folder and in its workspace's keeps both).
 */
export const RECORDING_FOLDERS_COLLECTION = 'recording_folders';
/** One document per (recording, tag): `{ id: "<recordingId>:<tagId>", ownerId, recordingId, tagId }`. */
export const RECORDING_TAGS_COLLECTION = 'recording_tags';

export interface LabelDoc {
  readonly id: string;
  readonly ownerId: string;
  readonly name: string;
}
export interface LibrarySettingsDoc {
  readonly id: string;
  readonly defaultFolderId: string | null;
}
export interface RecordingFolderDoc {
  readonly id: string;
  readonly ownerId: string;
  readonly folderId: string;
  /** Absent from documents written before workspaces, whose id is the recording's. */
  readonly recordingId?: string;
}

/** The id of a recording's filing in `ownerId`'s library (a person's, or a workspace's: `workspaceLibraryOwner`). */
export const filedDocId = (recordingId: string, ownerId: string) =>
  ownerId.startsWith(WORKSPACE_OWNER_PREFIX) ? `${recordingId}@${ownerId}` : recordingId;
export interface RecordingTagDoc {
  readonly id: string;
  readonly ownerId: string;
  readonly recordingId: string;
  readonly tagId: string;
}

const pairId = (recordingId: string, tagId: string) => `${recordingId}:${tagId}`;
const label = (id: string, ownerId: string, name: string): LabelDoc => ({ id, ownerId, name });
const settings = (id: string, defaultFolderId: string | null): LibrarySettingsDoc => ({
  id,
  defaultFolderId,
});
const filed = (recordingId: string, ownerId: string, folderId: string): RecordingFolderDoc => ({
  id: filedDocId(recordingId, ownerId),
  ownerId,
  folderId,
  recordingId,
});
const tagged = (ownerId: string, recordingId: string, tagId: string): RecordingTagDoc => ({
  id: pairId(recordingId, tagId),
  ownerId,
  recordingId,
  tagId,
});

/** Folders, tags and the default folder for the library's sidebar; who is in which, for its filters. */
export const libraryProjection: Projection = {
  name: 'library',
  collections: [
    LIBRARY_FOLDERS_COLLECTION,
    LIBRARY_TAGS_COLLECTION,
    LIBRARY_SETTINGS_COLLECTION,
    RECORDING_FOLDERS_COLLECTION,
    RECORDING_TAGS_COLLECTION,
  ],
  // An erased account's folders and tags go with it: their names are the person's words; a deleted workspace's
  // with it (their names are sealed under its key, erased then).
  eventTypes: [...LIBRARY_EVENT_TYPES, 'AccountErased', 'WorkspaceDeleted'],
  async setup(store) {
    await store.collection(LIBRARY_FOLDERS_COLLECTION).ensureIndex({ fields: ['ownerId'] });
    await store.collection(LIBRARY_TAGS_COLLECTION).ensureIndex({ fields: ['ownerId'] });
    await store.collection(RECORDING_FOLDERS_COLLECTION).ensureIndex({ fields: ['ownerId', 'folderId'] });
    await store.collection(RECORDING_TAGS_COLLECTION).ensureIndex({ fields: ['ownerId', 'tagId'] });
    await store.collection(RECORDING_TAGS_COLLECTION).ensureIndex({ fields: ['recordingId'] });
  },
  async handle(recorded: RecordedEvent, context) {
    if (recorded.type === 'AccountErased' || recorded.type === 'WorkspaceDeleted') {
      const userId =
        recorded.type === 'AccountErased'
          ? (recorded.data as AccountErased['data']).userId
          : workspaceLibraryOwner((recorded.data as WorkspaceDeleted['data']).workspaceId);
      for (const collection of [
        LIBRARY_FOLDERS_COLLECTION,
        LIBRARY_TAGS_COLLECTION,
        RECORDING_FOLDERS_COLLECTION,
        RECORDING_TAGS_COLLECTION,
      ])
        for (const { id } of await context.find(collection, { ownerId: userId }))
          context.delete(collection, id);
      context.delete(LIBRARY_SETTINGS_COLLECTION, userId);
      return;
    }
    const event = { type: recorded.type, data: recorded.data } as LibraryEvent;
    const ownerId = event.data.userId;
    switch (event.type) {
      case 'FolderCreated':
      case 'FolderRenamed':
        context.upsert(LIBRARY_FOLDERS_COLLECTION, label(event.data.folderId, ownerId, event.data.name));
        return;
      case 'FolderDeleted':
        context.delete(LIBRARY_FOLDERS_COLLECTION, event.data.folderId);
        for (const r of event.data.recordingIds)
          context.delete(RECORDING_FOLDERS_COLLECTION, filedDocId(r, ownerId));
        return;
      case 'TagCreated':
      case 'TagRenamed':
        context.upsert(LIBRARY_TAGS_COLLECTION, label(event.data.tagId, ownerId, event.data.name));
        return;
      case 'TagDeleted':
        context.delete(LIBRARY_TAGS_COLLECTION, event.data.tagId);
        for (const r of event.data.recordingIds)
          context.delete(RECORDING_TAGS_COLLECTION, pairId(r, event.data.tagId));
        return;
      case 'DefaultFolderChanged':
        context.upsert(LIBRARY_SETTINGS_COLLECTION, settings(ownerId, event.data.folderId));
        return;
      case 'RecordingsFiled':
        for (const r of event.data.recordingIds) {
          if (event.data.folderId === null)
            context.delete(RECORDING_FOLDERS_COLLECTION, filedDocId(r, ownerId));
          else context.upsert(RECORDING_FOLDERS_COLLECTION, filed(r, ownerId, event.data.folderId));
        }
        return;
      case 'RecordingsTagged':
        for (const r of event.data.recordingIds) {
          for (const t of event.data.removed) context.delete(RECORDING_TAGS_COLLECTION, pairId(r, t));
          for (const t of event.data.added) context.upsert(RECORDING_TAGS_COLLECTION, tagged(ownerId, r, t));
        }
        return;
    }
  },
};
