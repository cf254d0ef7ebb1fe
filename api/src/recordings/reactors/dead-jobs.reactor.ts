import type { Actor, EventStore, Reactor, RecordedEvent } from '@scrivo/domain';
import { type JobFailed, type JobRequested, jobStream } from '@scrivo/domain/jobs';
import { recordingDecider, recordingStream } from '@scrivo/domain/recordings';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import { TRANSCRIPTION_JOB } from '../transcription-job';
import { TRANSCRIPTION_PIECE_JOB } from '../transcription-pieces';

const actor: Actor = { kind: 'system', id: 'dead-jobs' };

/**
 * A transcription job that died (its last attempt failed, or its worker stopped answering on the last attempt)
 * fails its recording, unless the worker already said why. The recording decider ignores a failure for another
 * job or of a recording that is no longer in progress, so a replay changes nothing.
 */
export const deadJobsReactor = (deps: {
  readonly runner: StreamRunner;
  readonly events: EventStore;
}): Reactor => ({
  name: 'dead-jobs',
  eventTypes: ['JobFailed'],
  async react(recorded: RecordedEvent) {
    const failed = recorded.data as JobFailed['data'];
    if (failed.retryAt !== null) return;
    const [first] = await deps.events.readStream(jobStream(failed.jobId), { maxCount: 1 });
    if (first?.type !== 'JobRequested') return;
    const requested = first.data as JobRequested['data'];
    // A piece that died fails the whole recording: its transcript would have a hole.
    const fileJobId =
      requested.kind === TRANSCRIPTION_JOB
        ? failed.jobId
        : requested.kind === TRANSCRIPTION_PIECE_JOB && typeof requested.payload['fileJobId'] === 'string'
          ? requested.payload['fileJobId']
          : null;
    if (fileJobId === null) return;
    await deps.runner.run(
      recordingDecider,
      recordingStream(requested.subjectId),
      {
        type: 'FailTranscription',
        jobId: fileJobId,
        code: 'TRANSCRIPTION_FAILED',
        message: 'Transcription failed after several attempts. Please try again later.',
        now: deps.runner.now(),
      },
      { actor, correlationId: recorded.metadata.correlationId, causationId: recorded.metadata.eventId },
    );
  },
});
