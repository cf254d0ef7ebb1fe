import { describe, expect, it } from 'vitest';
import { projectionUnderTest } from '../../testing';
import { workspaceLibraryOwner } from '../events';
import {
  LIBRARY_FOLDERS_COLLECTION,
  LIBRARY_TAGS_COLLECTION,
  libraryProjection,
  RECORDING_FOLDERS_COLLECTION,
  RECORDING_TAGS_COLLECTION,
} from './library.projection';

const at = '2026-12-06T10:00:00.000Z';

describe('the library projection: a workspace’s folders and tags beside a person’s', () => {
  it('keeps a workspace’s labels under the workspace, apart from its uploader’s, and drops them, and only them, when it is deleted', async () => {
    const projection = projectionUnderTest(libraryProjection, { streamId: () => 'library-x' });
    const team = workspaceLibraryOwner('w1');
    await projection.apply(
      { type: 'FolderCreated', data: { userId: team, folderId: 'f1', name: 'Sprints', at } },
      { type: 'TagCreated', data: { userId: team, tagId: 't1', name: 'decisions', at } },
      { type: 'RecordingsFiled', data: { userId: team, recordingIds: ['r1'], folderId: 'f1', at } },
      {
        type: 'RecordingsTagged',
        data: { userId: team, recordingIds: ['r1'], added: ['t1'], removed: [], at },
      },
      { type: 'FolderCreated', data: { userId: 'ann', folderId: 'f2', name: 'Mine', at } },
      { type: 'RecordingsFiled', data: { userId: 'ann', recordingIds: ['r1'], folderId: 'f2', at } },
    );
    // The recording is in the workspace's folder and in Ann's own: two filings, neither taking the other's place.
    expect([...projection.docs(RECORDING_FOLDERS_COLLECTION).values()]).toEqual([
      { id: `r1@${team}`, ownerId: team, folderId: 'f1', recordingId: 'r1' },
      { id: 'r1', ownerId: 'ann', folderId: 'f2', recordingId: 'r1' },
    ]);
    expect(projection.docs(LIBRARY_FOLDERS_COLLECTION).get('f1')).toEqual({
      id: 'f1',
      ownerId: team,
      name: 'Sprints',
    });
    await projection.apply({ type: 'WorkspaceDeleted', data: { workspaceId: 'w1', by: 'ann', at } });
    expect([...projection.docs(LIBRARY_FOLDERS_COLLECTION).keys()]).toEqual(['f2']);
    expect([...projection.docs(LIBRARY_TAGS_COLLECTION).keys()]).toEqual([]);
    expect([...projection.docs(RECORDING_TAGS_COLLECTION).keys()]).toEqual([]);
    expect([...projection.docs(RECORDING_FOLDERS_COLLECTION).values()]).toEqual([
      { id: 'r1', ownerId: 'ann', folderId: 'f2', recordingId: 'r1' },
    ]);
  });
});
