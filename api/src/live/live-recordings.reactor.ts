import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type BlobStore, DomainError, type Reactor, type RecordedEvent } from '@scrivo/domain';
import {
  type LiveSessionStopped,
  liveSeconds,
  liveSessionDecider,
  liveSessionStream,
} from '@scrivo/domain/live';
import { type MediaToolkit, type PlanId, recordingDecider, recordingStream } from '@scrivo/domain/recordings';
import type { MinutesLedger } from '../recordings/minutes-ledger';
import { originalKey, sourceKey } from '../recordings/recordings.tokens';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { settleLiveAllowance } from './live-allowance';
import { encodePcm } from './pcm-encoding';

/**
 * A stopped live session becomes a recording like an upload: its frames are joined and encoded to Opus, stored as
 * the recording's original, probed, and its transcription requested (minutes reserved, the transcription-jobs
 * reactor makes the job). The same audio is also kept losslessly (FLAC) as what the transcript is made from, so
 * the final transcript is as good as an upload of the original audio. Once the session is finalized its raw
 * frames are deleted: the recording's blobs are then the only copy, and they go when its media is erased.
 * The recording takes the session's id, and each step is skipped once done, so a replay after a crash resumes
 * where it stopped and never makes a second recording.
 */
export const liveRecordingsReactor = (deps: {
  /** The reactors' runner (it does not wait for the read models it runs beside). */
  readonly runner: StreamRunner;
  readonly minutes: MinutesLedger;
  readonly blobs: BlobStore;
  readonly media: MediaToolkit;
  readonly planOf: (ownerId: string) => Promise<PlanId>;
}): Reactor => ({
  name: 'live-recordings',
  eventTypes: ['LiveSessionStopped'],
  async react(recorded: RecordedEvent) {
    const { sessionId } = (recorded as RecordedEvent<LiveSessionStopped>).data;
    const { correlationId } = recorded.metadata;
    const stream = liveSessionStream(sessionId);
    const { state: session, events } = await deps.runner.load(liveSessionDecider, stream);
    const deleteFrames = async () => {
      for (const batch of session.batches) await deps.blobs.delete(batch.blobKey);
    };
    if (session.status === 'finalized') return deleteFrames();
    if (session.status !== 'stopped' || !session.ownerId) return;
    const ownerId = session.ownerId;
    const actor = { kind: 'system' as const, id: 'live-recordings' };
    const recordingId = sessionId;
    const { runner, minutes } = deps;

    let { state } = await runner.load(recordingDecider, recordingStream(recordingId));
    // Before the transcription is asked for (it bills from here on, and may add decoded extra seconds), the hold
    // of everything the plan had left becomes the seconds recorded; a repeat after that changes nothing.
    if (!state.jobId) {
      const startedAt = events[0]?.metadata.occurredAt ?? runner.now();
      await settleLiveAllowance(
        minutes,
        ownerId,
        sessionId,
        startedAt,
        liveSeconds(session.totalBytes),
        actor,
      );
    }
    if (session.totalBytes === 0) return;
    if (!state.exists)
      await runner.run(
        recordingDecider,
        recordingStream(recordingId),
        {
          type: 'CreateRecording',
          recordingId,
          ownerId,
          title: session.title,
          originalFilename: null,
          source: 'live',
          uploadId: null,
          declaredSizeBytes: null,
          options: { language: session.language, translate: false },
          now: runner.now(),
        },
        { actor, correlationId },
      );
    ({ state } = await runner.load(recordingDecider, recordingStream(recordingId)));
    if (!state.blobKey) {
      const dir = await mkdtemp(join(tmpdir(), 'scrivo-live-'));
      try {
        const raw = join(dir, 'audio.pcm');
        const encoded = join(dir, 'audio.ogg');
        const lossless = join(dir, 'audio.flac');
        const { blobs } = deps;
        await pipeline(async function* frames() {
          for (const batch of session.batches) yield* (await blobs.get(batch.blobKey)).body;
        }, createWriteStream(raw));
        await encodePcm(raw, encoded, 'opus');
        await encodePcm(raw, lossless, 'flac');
        const probed = await deps.media.probe(encoded);
        const { size } = await stat(encoded);
        await runner.run(
          recordingDecider,
          recordingStream(recordingId),
          { type: 'RecordProbe', media: probed, now: runner.now() },
          { actor, correlationId },
        );
        await deps.blobs.put(originalKey(recordingId), createReadStream(encoded), {
          contentType: probed.mimeType,
          size,
        });
        await deps.blobs.put(sourceKey(recordingId), createReadStream(lossless), {
          contentType: 'audio/flac',
          size: (await stat(lossless)).size,
        });
        await runner.run(
          recordingDecider,
          recordingStream(recordingId),
          {
            type: 'CompleteUpload',
            blobKey: originalKey(recordingId),
            sourceBlobKey: sourceKey(recordingId),
            sizeBytes: size,
            now: runner.now(),
          },
          { actor, correlationId },
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      ({ state } = await runner.load(recordingDecider, recordingStream(recordingId)));
    }
    if (!state.jobId && state.status !== 'failed') {
      try {
        await minutes.requestTranscription(recordingId, await deps.planOf(ownerId), actor, correlationId);
      } catch (error) {
        // Minutes used elsewhere meanwhile: the recording keeps its media and says why it has no transcript.
        if (!(error instanceof DomainError) || error.code !== 'QUOTA_EXCEEDED') throw error;
        await runner.run(
          recordingDecider,
          recordingStream(recordingId),
          { type: 'RejectRecording', code: error.code, message: error.message, now: runner.now() },
          { actor, correlationId },
        );
      }
    }
    await runner.run(
      liveSessionDecider,
      stream,
      { type: 'FinalizeLiveSession', recordingId, now: runner.now() },
      { actor, correlationId },
    );
    await deleteFrames();
  },
});
