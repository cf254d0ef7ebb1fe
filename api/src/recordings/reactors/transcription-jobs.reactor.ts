import type { Reactor, RecordedEvent } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import {
  PLAN_LIMITS,
  type PlanId,
  type TranscriptionCancelled,
  type TranscriptionRequested,
  type TranscriptionSplit,
  usagePeriod,
} from '@scrivo/domain/recordings';
import { type RecordingCommands, TRANSCRIPTION_JOB } from '../recording-commands';
import { pieceJobId, TRANSCRIPTION_PIECE_JOB } from '../transcription-pieces';

type Handled = TranscriptionRequested | TranscriptionCancelled | TranscriptionSplit;

/**
 * A requested transcription becomes a job on the queue; a long one cut into pieces becomes one job per piece in
 * the same fair line; a cancelled one cancels its job and its pieces. All are keyed by the job id the request
 * chose (piece jobs by `<jobId>-p<index>`), so replaying them after a crash changes nothing, and a cancel that
 * overtakes the request leaves a job that can never be claimed.
 */
export const transcriptionJobsReactor = (deps: {
  readonly commands: RecordingCommands;
  readonly jobs: JobQueue;
  /** For requests written before the event said whether to label speakers. */
  readonly planOf: (ownerId: string) => Promise<PlanId>;
}): Reactor => ({
  name: 'transcription-jobs',
  eventTypes: ['TranscriptionRequested', 'TranscriptionCancelled', 'TranscriptionSplit'],
  async react(recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as Handled;
    const correlationId = recorded.metadata.correlationId;
    if (event.type === 'TranscriptionCancelled') {
      const { jobId } = event.data;
      if (!jobId) return;
      await deps.jobs.cancel(jobId, { correlationId });
      const { state } = await deps.commands.load(event.data.recordingId);
      // Pieces not yet taken are never claimed; a running one also sees the cancel within a second.
      if (state.split?.jobId === jobId)
        for (const piece of state.split.pieces)
          await deps.jobs.cancel(pieceJobId(jobId, piece.index), { correlationId });
      return;
    }
    if (event.type === 'TranscriptionSplit') {
      const { recordingId, jobId, pieces } = event.data;
      const { state } = await deps.commands.load(recordingId);
      if (!state.ownerId) return;
      for (const piece of pieces)
        await deps.jobs.enqueue(
          {
            jobId: pieceJobId(jobId, piece.index),
            kind: TRANSCRIPTION_PIECE_JOB,
            subjectId: recordingId,
            ownerId: state.ownerId,
            payload: {
              fileJobId: jobId,
              ...piece,
              total: pieces.length,
              speakerLabels: event.data.speakerLabels === true,
            },
          },
          { correlationId },
        );
      return;
    }
    const { recordingId, jobId, requestedAt, period } = event.data;
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
        payload: {
          recordingId,
          diarize: speakerLabels,
          period: period ?? usagePeriod(new Date(requestedAt)).id,
        },
      },
      { correlationId },
    );
  },
});
