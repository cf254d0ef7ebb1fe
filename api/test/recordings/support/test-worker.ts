import type { Actor } from '@scrivo/domain';
import {
  type RecordingCommand,
  recordingDecider,
  recordingStream,
  type TranscriptBody,
} from '@scrivo/domain/recordings';
import type { StreamRunner } from '../../../src/infrastructure/stream-runner';

const WORKER: Actor = { kind: 'worker', id: 'test-worker' };

/**
 * The speech worker's side of a recording's transcription, played by a test as the job worker writes it (through a
 * stream runner, as that worker): it starts the job the recording asked for, then completes or fails it.
 */
export const startedAsWorker = async (runner: StreamRunner, recordingId: string) => {
  const stream = recordingStream(recordingId);
  const { jobId } = (await runner.load(recordingDecider, stream)).state;
  if (!jobId) throw new Error(`recording ${recordingId} has no transcription requested`);
  const run = (command: RecordingCommand) =>
    runner.run(recordingDecider, stream, command, { actor: WORKER, correlationId: recordingId });
  await run({ type: 'StartTranscription', jobId, workerId: WORKER.id, now: runner.now() });
  return {
    complete: (transcript: TranscriptBody) =>
      run({ type: 'CompleteTranscription', jobId, transcript, now: runner.now() }),
    fail: (code: string, message: string) =>
      run({ type: 'FailTranscription', jobId, code, message, now: runner.now() }),
  };
};
