import { readFileSync } from 'node:fs';
import { FfmpegMediaToolkit } from '@scrivo/adapters/media/ffmpeg-media-toolkit';
import { recordingDecider, recordingStream } from '@scrivo/domain/recordings';
import { StreamRunner } from '../../../src/infrastructure/stream-runner';
import { originalKey } from '../../../src/recordings/recordings.tokens';
import type { TestApp } from '../../support/test-app';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

export const JFK_PATH = sharedAudio('jfk/jfk.wav');

/**
 * Writes the events a multipart upload writes up to and including `upTo`, as an API process that died right
 * after that step left them: 'created', 'probed' (before the blob is stored) or 'stored' (the blob is in the
 * store and the upload completed, but no transcription was requested).
 */
export const stuckMultipartUpload = async (
  app: TestApp,
  ownerId: string,
  upTo: 'created' | 'probed' | 'stored',
): Promise<string> => {
  const runner = app.scrivo.app.get(StreamRunner);
  const id = crypto.randomUUID();
  const actor = { kind: 'user' as const, id: ownerId };
  const bytes = readFileSync(JFK_PATH);
  await runner.run(
    recordingDecider,
    recordingStream(id),
    {
      type: 'CreateRecording',
      recordingId: id,
      ownerId,
      title: `Stuck after ${upTo}`,
      originalFilename: 'jfk.wav',
      source: 'multipart',
      uploadId: null,
      declaredSizeBytes: bytes.length,
      options: { language: null, translate: false },
      now: runner.now(),
    },
    { actor, correlationId: 'test' },
  );
  if (upTo === 'created') return id;
  const media = await new FfmpegMediaToolkit().probe(JFK_PATH);
  await runner.run(
    recordingDecider,
    recordingStream(id),
    { type: 'RecordProbe', media, now: runner.now() },
    { actor, correlationId: 'test' },
  );
  if (upTo === 'probed') return id;
  const key = originalKey(id);
  await app.scrivo.adapters.blobs.put(key, bytes, { contentType: media.mimeType });
  await runner.run(
    recordingDecider,
    recordingStream(id),
    { type: 'CompleteUpload', blobKey: key, sizeBytes: bytes.length, now: runner.now() },
    { actor, correlationId: 'test' },
  );
  return id;
};
