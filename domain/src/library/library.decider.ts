import type { Decider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import type { LibraryEvent } from './events';

export interface LibraryState {
  readonly userId: string;
  readonly folders: Readonly<Record<string, string>>;
  readonly tags: Readonly<Record<string, string>>;
  readonly defaultFolderId: string | null;
  /** Every recording ever filed (key present), with its folder or null. */
  readonly folderOf: Readonly<Record<string, string | null>>;
  readonly tagsOf: Readonly<Record<string, readonly string[]>>;
}

export type LibraryCommand =
  | { type: 'CreateFolder'; userId: string; folderId: string; name: string; now: string }
  | { type: 'RenameFolder'; folderId: string; name: string; now: string }
  | { type: 'DeleteFolder'; folderId: string; now: string }
  | { type: 'CreateTag'; userId: string; tagId: string; name: string; now: string }
  | { type: 'RenameTag'; tagId: string; name: string; now: string }
  | { type: 'DeleteTag'; tagId: string; now: string }
  | { type: 'SetDefaultFolder'; userId: string; folderId: string | null; now: string }
  | {
      type: 'FileRecordings';
      userId: string;
      recordingIds: readonly string[];
      folderId: string | null;
      now: string;
    }
  /** A new upload goes to the default folder: once (a replay, or a recording already filed, changes nothing). */
  | { type: 'FileNewRecording'; userId: string; recordingId: string; now: string }
  | {
      type: 'TagRecordings';
      userId: string;
      recordingIds: readonly string[];
      add: readonly string[];
      remove: readonly string[];
      now: string;
    };

export const MAX_LABEL_NAME_LENGTH = 60;
export const MAX_FOLDERS = 200;
export const MAX_TAGS = 500;
export const MAX_BULK_RECORDINGS = 100;

const cleanName = (name: string, kind: string, taken: Readonly<Record<string, string>>, self?: string) => {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  if (!trimmed) throw new DomainError('VALIDATION_FAILED', `Give the ${kind} a name.`);
  if (trimmed.length > MAX_LABEL_NAME_LENGTH)
    throw new DomainError(
      'VALIDATION_FAILED',
      `A ${kind} name can be at most ${MAX_LABEL_NAME_LENGTH} characters.`,
    );
  const clash = Object.entries(taken).find(
    ([id, n]) => id !== self && n.toLowerCase() === trimmed.toLowerCase(),
  );
  if (clash) throw new DomainError('LABEL_NAME_TAKEN', `There is already a ${kind} called “${clash[1]}”.`);
  return trimmed;
};

const bulk = (ids: readonly string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new DomainError('VALIDATION_FAILED', 'Choose at least one recording.');
  if (unique.length > MAX_BULK_RECORDINGS)
    throw new DomainError('VALIDATION_FAILED', `At most ${MAX_BULK_RECORDINGS} recordings at once.`);
  return unique;
};

const holding = (map: Readonly<Record<string, string | null>>, folderId: string) =>
  Object.entries(map)
    .filter(([, f]) => f === folderId)
    .map(([r]) => r);

/** A user's folders (one per recording) and tags (many), and the default folder of new uploads. */
export const libraryDecider: Decider<LibraryCommand, LibraryEvent, LibraryState> = {
  initialState: () => ({
    userId: '',
    folders: {},
    tags: {},
    defaultFolderId: null,
    folderOf: {},
    tagsOf: {},
  }),
  decide(command, state) {
    const userId = 'userId' in command ? command.userId : state.userId;
    const at = command.now;
    switch (command.type) {
      case 'CreateFolder': {
        if (state.folders[command.folderId] !== undefined) return [];
        if (Object.keys(state.folders).length >= MAX_FOLDERS)
          throw new DomainError('LABEL_LIMIT', `At most ${MAX_FOLDERS} folders.`);
        const name = cleanName(command.name, 'folder', state.folders);
        return [{ type: 'FolderCreated', data: { userId, folderId: command.folderId, name, at } }];
      }
      case 'RenameFolder': {
        if (state.folders[command.folderId] === undefined)
          throw new NotFoundError('Folder', command.folderId);
        const name = cleanName(command.name, 'folder', state.folders, command.folderId);
        return [{ type: 'FolderRenamed', data: { userId, folderId: command.folderId, name, at } }];
      }
      case 'DeleteFolder': {
        if (state.folders[command.folderId] === undefined)
          throw new NotFoundError('Folder', command.folderId);
        const recordingIds = holding(state.folderOf, command.folderId);
        return [
          ...(state.defaultFolderId === command.folderId
            ? [{ type: 'DefaultFolderChanged' as const, data: { userId, folderId: null, at } }]
            : []),
          { type: 'FolderDeleted', data: { userId, folderId: command.folderId, recordingIds, at } },
        ];
      }
      case 'CreateTag': {
        if (state.tags[command.tagId] !== undefined) return [];
        if (Object.keys(state.tags).length >= MAX_TAGS)
          throw new DomainError('LABEL_LIMIT', `At most ${MAX_TAGS} tags.`);
        const name = cleanName(command.name, 'tag', state.tags);
        return [{ type: 'TagCreated', data: { userId, tagId: command.tagId, name, at } }];
      }
      case 'RenameTag': {
        if (state.tags[command.tagId] === undefined) throw new NotFoundError('Tag', command.tagId);
        const name = cleanName(command.name, 'tag', state.tags, command.tagId);
        return [{ type: 'TagRenamed', data: { userId, tagId: command.tagId, name, at } }];
      }
      case 'DeleteTag': {
        if (state.tags[command.tagId] === undefined) throw new NotFoundError('Tag', command.tagId);
        const recordingIds = Object.entries(state.tagsOf)
          .filter(([, tags]) => tags.includes(command.tagId))
          .map(([r]) => r);
        return [{ type: 'TagDeleted', data: { userId, tagId: command.tagId, recordingIds, at } }];
      }
      case 'SetDefaultFolder': {
        if (command.folderId !== null && state.folders[command.folderId] === undefined)
          throw new NotFoundError('Folder', command.folderId);
        if (state.defaultFolderId === command.folderId) return [];
        return [{ type: 'DefaultFolderChanged', data: { userId, folderId: command.folderId, at } }];
      }
      case 'FileRecordings': {
        if (command.folderId !== null && state.folders[command.folderId] === undefined)
          throw new NotFoundError('Folder', command.folderId);
        const recordingIds = bulk(command.recordingIds);
        return [{ type: 'RecordingsFiled', data: { userId, recordingIds, folderId: command.folderId, at } }];
      }
      case 'FileNewRecording': {
        if (state.defaultFolderId === null || command.recordingId in state.folderOf) return [];
        return [
          {
            type: 'RecordingsFiled',
            data: { userId, recordingIds: [command.recordingId], folderId: state.defaultFolderId, at },
          },
        ];
      }
      case 'TagRecordings': {
        for (const tagId of [...command.add, ...command.remove])
          if (state.tags[tagId] === undefined) throw new NotFoundError('Tag', tagId);
        const recordingIds = bulk(command.recordingIds);
        const added = [...new Set(command.add)];
        const removed = [...new Set(command.remove)].filter((t) => !added.includes(t));
        if (added.length === 0 && removed.length === 0)
          throw new DomainError('VALIDATION_FAILED', 'Choose a tag to add or remove.');
        return [{ type: 'RecordingsTagged', data: { userId, recordingIds, added, removed, at } }];
      }
    }
  },
  evolve(state, event) {
    const d = event.data;
    const base = { ...state, userId: d.userId };
    switch (event.type) {
      case 'FolderCreated':
      case 'FolderRenamed':
        return { ...base, folders: { ...state.folders, [event.data.folderId]: event.data.name } };
      case 'FolderDeleted': {
        const { [event.data.folderId]: _gone, ...folders } = state.folders;
        const folderOf = { ...state.folderOf };
        for (const r of event.data.recordingIds) folderOf[r] = null;
        return { ...base, folders, folderOf };
      }
      case 'TagCreated':
      case 'TagRenamed':
        return { ...base, tags: { ...state.tags, [event.data.tagId]: event.data.name } };
      case 'TagDeleted': {
        const { [event.data.tagId]: _gone, ...tags } = state.tags;
        const tagsOf = { ...state.tagsOf };
        for (const r of event.data.recordingIds)
          tagsOf[r] = (tagsOf[r] ?? []).filter((t) => t !== event.data.tagId);
        return { ...base, tags, tagsOf };
      }
      case 'DefaultFolderChanged':
        return { ...base, defaultFolderId: event.data.folderId };
      case 'RecordingsFiled': {
        const folderOf = { ...state.folderOf };
        for (const r of event.data.recordingIds) folderOf[r] = event.data.folderId;
        return { ...base, folderOf };
      }
      case 'RecordingsTagged': {
        const tagsOf = { ...state.tagsOf };
        for (const r of event.data.recordingIds) {
          const current = (tagsOf[r] ?? []).filter((t) => !event.data.removed.includes(t));
          tagsOf[r] = [...current, ...event.data.added.filter((t) => !current.includes(t))];
        }
        return { ...base, tagsOf };
      }
    }
  },
};
