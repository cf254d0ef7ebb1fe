import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import type { LibraryEvent } from './events';
import { libraryDecider } from './library.decider';

const spec = DeciderSpecification.for(libraryDecider);
const at = '2026-03-01T10:00:00.000Z';
const userId = 'u1';
const folder = (folderId: string, name: string): LibraryEvent => ({
  type: 'FolderCreated',
  data: { userId, folderId, name, at },
});
const tag = (tagId: string, name: string): LibraryEvent => ({
  type: 'TagCreated',
  data: { userId, tagId, name, at },
});
const filed = (recordingIds: string[], folderId: string | null): LibraryEvent => ({
  type: 'RecordingsFiled',
  data: { userId, recordingIds, folderId, at },
});
const defaultFolder = (folderId: string | null): LibraryEvent => ({
  type: 'DefaultFolderChanged',
  data: { userId, folderId, at },
});

describe('a user’s library', () => {
  describe('folders', () => {
    it('are created with a tidy name, unique whatever the case', () => {
      spec
        .given([])
        .when({ type: 'CreateFolder', userId, folderId: 'f1', name: '  Client   calls ', now: at })
        .then([folder('f1', 'Client calls')]);
      spec
        .given([folder('f1', 'Client calls')])
        .when({ type: 'CreateFolder', userId, folderId: 'f2', name: 'client CALLS', now: at })
        .thenThrows({ code: 'LABEL_NAME_TAKEN' });
    });

    it('are renamed, and deleting one leaves its recordings without a folder (and it stops being the default)', () => {
      spec
        .given([folder('f1', 'Calls')])
        .when({ type: 'RenameFolder', folderId: 'f1', name: 'Meetings', now: at })
        .then([{ type: 'FolderRenamed', data: { userId, folderId: 'f1', name: 'Meetings', at } }]);
      spec
        .given([
          folder('f1', 'Calls'),
          folder('f2', 'Other'),
          filed(['r1', 'r2'], 'f1'),
          filed(['r2'], 'f2'),
          defaultFolder('f1'),
        ])
        .when({ type: 'DeleteFolder', folderId: 'f1', now: at })
        .then([
          defaultFolder(null),
          { type: 'FolderDeleted', data: { userId, folderId: 'f1', recordingIds: ['r1'], at } },
        ]);
    });

    it('hold several recordings moved at once; a recording is in one folder at most', () =>
      spec
        .given([folder('f1', 'Calls')])
        .when({ type: 'FileRecordings', userId, recordingIds: ['r1', 'r2', 'r1'], folderId: 'f1', now: at })
        .then([filed(['r1', 'r2'], 'f1')]));

    it('refuse an unknown folder', () =>
      spec
        .given([])
        .when({ type: 'FileRecordings', userId, recordingIds: ['r1'], folderId: 'nope', now: at })
        .thenThrows({ code: 'NOT_FOUND' }));
  });

  describe('the default folder of uploads', () => {
    it('takes a new recording once, and never one already filed', () => {
      const given = [folder('f1', 'Inbox'), defaultFolder('f1')];
      spec
        .given(given)
        .when({ type: 'FileNewRecording', userId, recordingId: 'r1', now: at })
        .then([filed(['r1'], 'f1')]);
      spec
        .given([...given, filed(['r1'], 'f1')])
        .when({ type: 'FileNewRecording', userId, recordingId: 'r1', now: at })
        .then([]);
      spec
        .given([...given, filed(['r1'], null)])
        .when({ type: 'FileNewRecording', userId, recordingId: 'r1', now: at })
        .then([]);
    });

    it('does nothing without a default folder', () =>
      spec.given([]).when({ type: 'FileNewRecording', userId, recordingId: 'r1', now: at }).then([]));
  });

  describe('tags', () => {
    it('are added to and removed from several recordings at once', () =>
      spec
        .given([tag('t1', 'urgent'), tag('t2', 'todo')])
        .when({
          type: 'TagRecordings',
          userId,
          recordingIds: ['r1', 'r2'],
          add: ['t1'],
          remove: ['t2'],
          now: at,
        })
        .then([
          {
            type: 'RecordingsTagged',
            data: { userId, recordingIds: ['r1', 'r2'], added: ['t1'], removed: ['t2'], at },
          },
        ]));

    it('deleting one takes it off its recordings', () =>
      spec
        .given([
          tag('t1', 'urgent'),
          {
            type: 'RecordingsTagged',
            data: { userId, recordingIds: ['r1', 'r2'], added: ['t1'], removed: [], at },
          },
          {
            type: 'RecordingsTagged',
            data: { userId, recordingIds: ['r2'], added: [], removed: ['t1'], at },
          },
        ])
        .when({ type: 'DeleteTag', tagId: 't1', now: at })
        .then([{ type: 'TagDeleted', data: { userId, tagId: 't1', recordingIds: ['r1'], at } }]));
  });
});
