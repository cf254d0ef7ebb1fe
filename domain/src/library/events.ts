import type { DomainEvent } from '../kernel/events';
import { workspaceGlossaryOwner } from '../vocabulary/events';

// ---- one user's library organisation: `library-{userId}` (folders, tags, and which recording has which); a
// workspace's is `library-workspace-{id}`, its events' `userId` being `workspaceLibraryOwner(id)` ----
type At = { userId: string; at: string };
export type FolderCreated = DomainEvent<'FolderCreated', At & { folderId: string; name: string }>;
export type FolderRenamed = DomainEvent<'FolderRenamed', At & { folderId: string; name: string }>;
/** The folder's recordings are left without a folder (they are never deleted with it). */
export type FolderDeleted = DomainEvent<'FolderDeleted', At & { folderId: string; recordingIds: string[] }>;
export type TagCreated = DomainEvent<'TagCreated', At & { tagId: string; name: string }>;
export type TagRenamed = DomainEvent<'TagRenamed', At & { tagId: string; name: string }>;
export type TagDeleted = DomainEvent<'TagDeleted', At & { tagId: string; recordingIds: string[] }>;
/** Where new uploads go; null: no folder. */
export type DefaultFolderChanged = DomainEvent<'DefaultFolderChanged', At & { folderId: string | null }>;
/** Recordings moved into a folder (null: out of any folder). */
export type RecordingsFiled = DomainEvent<
  'RecordingsFiled',
  At & { recordingIds: string[]; folderId: string | null }
>;
export type RecordingsTagged = DomainEvent<
  'RecordingsTagged',
  At & { recordingIds: string[]; added: string[]; removed: string[] }
>;

export type LibraryEvent =
  | FolderCreated
  | FolderRenamed
  | FolderDeleted
  | TagCreated
  | TagRenamed
  | TagDeleted
  | DefaultFolderChanged
  | RecordingsFiled
  | RecordingsTagged;

export const LIBRARY_EVENT_TYPES: readonly LibraryEvent['type'][] = [
  'FolderCreated',
  'FolderRenamed',
  'FolderDeleted',
  'TagCreated',
  'TagRenamed',
  'TagDeleted',
  'DefaultFolderChanged',
  'RecordingsFiled',
  'RecordingsTagged',
];

export const libraryStream = (userId: string) => `library-${userId}`;
/**
 * Whose a workspace's folders and tags are: the `userId` of its library's commands and events (and the `ownerId` of
 * its read-model documents). The same subject as its glossary's and voices', so the workspace's one key seals their
 * names, readable to every member whoever wrote them, and erased with the workspace.
 */
export const workspaceLibraryOwner = workspaceGlossaryOwner;
