import type { Reactor, RecordedEvent } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import {
  PLAN_LIMITS,
  type PlanId,
  type TranscriptionCancelled,
  type TranscriptionRequested,
  usagePeriod,
} from '@scrivo/domain/recordings';
import { type RecordingCommands, TRANSCRIPTION_JOB } from '../recording-commands';

type Handled = TranscriptionRequested | TranscriptionCancelled;

/**
 * A requested transcription becomes a job on the queue; a cancelled one cancels its job. Both are keyed by the
 * job id the request chose (a job is requested once, cancelled once), so replaying them after a crash changes
 * nothing, and a cancel that overtakes the request leaves a job that can never be claimed.
 */
export const transcriptionJobsReactor = (deps: {
  readonly commands: RecordingCommands;
  readonly jobs: JobQueue;
  /** For requests written before the event said whether to label speakers. */
  readonly planOf: (ownerId: string) => Promise<PlanId>;
}): Reactor => ({
  name: 'transcription-jobs',
  eventTypes: ['TranscriptionRequested', 'TranscriptionCancelled'],
  async react(recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as Handled;
    const correlationId = recorded.metadata.correlationId;
    if (event.type === 'TranscriptionCancelled') {
      if (event.data.jobId) await deps.jobs.cancel(event.data.jobId, { correlationId });
      return;
    }
    const { recordingId, jobId, requestedAt } = event.data;
    const { state } = await deps.commands.load(recordingId);
    if (!state.ownerId) return;
    const speakerLabels =
      event.data.speakerLabels ?? PLAN_LIMITS[await deps.planOf(state.ownerId)].speakerLabels;
    await deps.jobs.enqueue(
      {
        jobId,
        kind: TRANSCRIPTION_JOB,
        subjectId: recordingId,
        ownerId: state.ownerId,
        // The worker reads the plan feature decided at the request, and the usage period holding the
        // reservation (where it bills the decoded length).
        payload: { recordingId, diarize: speakerLabels, period: usagePeriod(new Date(requestedAt)).id },
      },
      { correlationId },
    );
  },
});
