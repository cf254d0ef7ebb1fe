import type { Reactor } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import { PLAN_LIMITS, type PlanId, transcriptionJobsWorkflow } from '@scrivo/domain/recordings';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import { workflowReactor } from '../../infrastructure/workflow-reactor';
import { TRANSCRIPTION_JOB } from '../transcription-job';
import { TRANSCRIPTION_PIECE_JOB } from '../transcription-pieces';

/** The transcription-jobs workflow (domain/src/recordings/workflows), sending its orders to the job queue. */
export const transcriptionJobsReactor = (deps: {
  readonly runner: StreamRunner;
  readonly jobs: JobQueue;
  /** For requests written before the event said whether to label speakers. */
  readonly planOf: (ownerId: string) => Promise<PlanId>;
}): Reactor =>
  workflowReactor(transcriptionJobsWorkflow, {
    runner: deps.runner,
    async send(order, { correlationId }) {
      switch (order.type) {
        case 'CancelJob':
          return deps.jobs.cancel(order.jobId, { correlationId });
        case 'EnqueuePieceJob':
          return deps.jobs.enqueue(
            {
              jobId: order.jobId,
              kind: TRANSCRIPTION_PIECE_JOB,
              subjectId: order.recordingId,
              ownerId: order.ownerId,
              payload: {
                fileJobId: order.fileJobId,
                ...order.piece,
                total: order.total,
                speakerLabels: order.speakerLabels,
              },
              workSeconds: order.piece.end - order.piece.start,
            },
            { correlationId },
          );
        case 'EnqueueTranscriptionJob': {
          const speakerLabels =
            order.speakerLabels ?? PLAN_LIMITS[await deps.planOf(order.ownerId)].speakerLabels;
          return deps.jobs.enqueue(
            {
              jobId: order.jobId,
              kind: TRANSCRIPTION_JOB,
              subjectId: order.recordingId,
              ownerId: order.ownerId,
              // The worker reads the plan feature decided at the request, and the usage period holding the
              // reservation (where it bills the decoded length).
              payload: { recordingId: order.recordingId, diarize: speakerLabels, period: order.period },
              // The probed length: decoding and cutting a long file is quick, but a short one is transcribed
              // whole by this job, so a clip goes ahead of long work.
              workSeconds: order.durationSeconds,
            },
            { correlationId },
          );
        }
      }
    },
  });
