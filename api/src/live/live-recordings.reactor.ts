import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type BlobStore, DomainError, type Reactor } from '@scrivo/domain';
import {
  type LiveRecordingStep,
  liveRecordingsWorkflow,
  liveSessionDecider,
  liveSessionStream,
  type StoreLiveAudio,
} from '@scrivo/domain/live';
import { type MediaToolkit, type PlanId, recordingDecider, recordingStream } from '@scrivo/domain/recordings';
import type { MinutesLedger } from '../recordings/minutes-ledger';
import { originalKey, sourceKey } from '../recordings/recordings.tokens';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { type WorkflowContext, workflowReactor } from '../infrastructure/workflow-reactor';
import { settleLiveAllowance } from './live-allowance';
import { encodePcm } from './pcm-encoding';

interface LiveRecordingsDeps {
  /** The reactors' runner (it does not wait for the read models it runs beside). */
  readonly runner: StreamRunner;
  readonly minutes: MinutesLedger;
  readonly blobs: BlobStore;
  readonly media: MediaToolkit;
  readonly planOf: (ownerId: string) => Promise<PlanId>;
}

/**
 * Runs the live-recordings workflow (domain/src/live/workflows): a stopped live session becomes a recording like
 * an upload, step by step as the workflow says; each step it sends is one a replay leaves unchanged.
 */
export const liveRecordingsReactor = (deps: LiveRecordingsDeps): Reactor =>
  workflowReactor(liveRecordingsWorkflow, {
    runner: deps.runner,
    send: (step, context) => sendStep(deps, step, context),
  });

const sendStep = async (
  deps: LiveRecordingsDeps,
  step: LiveRecordingStep,
  context: WorkflowContext,
): Promise<void> => {
  const { runner, minutes } = deps;
  const { actor, correlationId } = context;
  switch (step.type) {
    case 'SettleLiveMinutes':
      return settleLiveAllowance(
        minutes,
        step.ownerId,
        step.sessionId,
        step.startedAt,
        step.recordedSeconds,
        actor,
      );
    case 'CreateLiveRecording':
      await runner.run(
        recordingDecider,
        recordingStream(step.recordingId),
        {
          type: 'CreateRecording',
          recordingId: step.recordingId,
          ownerId: step.ownerId,
          title: step.title,
          originalFilename: null,
          source: 'live',
          uploadId: null,
          declaredSizeBytes: null,
          ...(step.workspaceId === null ? {} : { workspaceId: step.workspaceId }),
          options: { language: step.language, translate: false },
          now: runner.now(),
        },
        { actor, correlationId },
      );
      return;
    case 'StoreLiveAudio':
      return storeLiveAudio(deps, step, context);
    case 'RequestLiveTranscription':
      try {
        await minutes.requestTranscription(
          step.recordingId,
          await deps.planOf(step.ownerId),
          actor,
          correlationId,
        );
      } catch (error) {
        // Minutes used elsewhere meanwhile: the recording keeps its media and says why it has no transcript.
        if (!(error instanceof DomainError) || error.code !== 'QUOTA_EXCEEDED') throw error;
        await runner.run(
          recordingDecider,
          recordingStream(step.recordingId),
          { type: 'RejectRecording', code: error.code, message: error.message, now: runner.now() },
          { actor, correlationId },
        );
      }
      return;
    case 'FinalizeLiveSession':
      await runner.run(
        liveSessionDecider,
        liveSessionStream(step.sessionId),
        { type: 'FinalizeLiveSession', recordingId: step.recordingId, now: runner.now() },
        { actor, correlationId },
      );
      return;
    case 'DeleteLiveFrames':
      for (const blobKey of step.blobKeys) await deps.blobs.delete(blobKey);
      return;
  }
};

/** The frames joined in order, encoded to Opus (the original) and FLAC (what the transcript is made from). */
const storeLiveAudio = async (
  { runner, blobs, media }: LiveRecordingsDeps,
  { recordingId, batches }: StoreLiveAudio,
  { actor, correlationId }: WorkflowContext,
): Promise<void> => {
  const dir = await mkdtemp(join(tmpdir(), 'scrivo-live-'));
  try {
    const raw = join(dir, 'audio.pcm');
    const encoded = join(dir, 'audio.ogg');
    const lossless = join(dir, 'audio.flac');
    await pipeline(async function* frames() {
      for (const batch of batches) yield* (await blobs.get(batch.blobKey)).body;
    }, createWriteStream(raw));
    await encodePcm(raw, encoded, 'opus');
    await encodePcm(raw, lossless, 'flac');
    const probed = await media.probe(encoded);
    const { size } = await stat(encoded);
    await runner.run(
      recordingDecider,
      recordingStream(recordingId),
      { type: 'RecordProbe', media: probed, now: runner.now() },
      { actor, correlationId },
    );
    await blobs.put(originalKey(recordingId), createReadStream(encoded), {
      contentType: probed.mimeType,
      size,
    });
    await blobs.put(sourceKey(recordingId), createReadStream(lossless), {
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
};
