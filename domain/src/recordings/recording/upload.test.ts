import { describe, expect, it } from 'vitest';
import type { RecordingEvent } from '../events';
import { spec, now, created, ready } from './decider.fixtures';

describe('a recording is created and uploaded', () => {
  it('creates a recording with a tidied title', () => {
    spec
      .given([])
      .when({
        type: 'CreateRecording',
        recordingId: 'r1',
        ownerId: 'u1',
        title: '  JFK   speech ',
        originalFilename: 'jfk.wav',
        source: 'multipart',
        uploadId: null,
        declaredSizeBytes: 100,
        options: { language: null, translate: false },
        now,
      })
      .then((events) => expect(events[0]?.data).toMatchObject({ title: 'JFK speech' }));
  });

  it('records the workspace it is uploaded into, and nothing for a personal one', () => {
    const create = (workspaceId?: string) => ({
      type: 'CreateRecording' as const,
      recordingId: 'r1',
      ownerId: 'u1',
      title: 'Standup',
      originalFilename: null,
      source: 'multipart' as const,
      uploadId: null,
      declaredSizeBytes: 100,
      options: { language: null, translate: false },
      ...(workspaceId === undefined ? {} : { workspaceId }),
      now,
    });
    spec
      .given([])
      .when(create('w1'))
      .then((events) => expect(events[0]?.data).toMatchObject({ ownerId: 'u1', workspaceId: 'w1' }));
    spec
      .given([])
      .when(create())
      .then((events) => expect(events[0]?.data).not.toHaveProperty('workspaceId'));
  });

  it('records upload progress while bytes arrive, forward only and below 1 until stored', () => {
    const tus: RecordingEvent = {
      type: 'RecordingCreated',
      data: { ...(created.data as object), source: 'tus', uploadId: 'up1' } as never,
    };
    const half: RecordingEvent = {
      type: 'RecordingUploadProgressed',
      data: { recordingId: 'r1', receivedBytes: 50, progress: 0.5, at: now },
    };
    spec
      .given([tus])
      .when({ type: 'ReportUploadProgress', receivedBytes: 50, totalBytes: 100, now })
      .then([half]);
    spec
      .given([tus, half])
      .when({ type: 'ReportUploadProgress', receivedBytes: 40, totalBytes: 100, now })
      .then([]);
    spec
      .given([tus, half])
      .when({ type: 'ReportUploadProgress', receivedBytes: 100, totalBytes: 100, now })
      .then([
        {
          type: 'RecordingUploadProgressed',
          data: { recordingId: 'r1', receivedBytes: 100, progress: 0.99, at: now },
        },
      ]);
    spec.given(ready).when({ type: 'ReportUploadProgress', receivedBytes: 1, totalBytes: 100, now }).then([]);
  });

  it('refuses an empty title', () => {
    spec
      .given(ready)
      .when({ type: 'RenameRecording', title: '   ', now })
      .thenThrows({ code: 'VALIDATION_FAILED' });
  });
});
