import type { Actor, BlobStore, Clock, EventStore } from '@scrivo/domain';
import { JOB_EVENT_TYPES, type JobEvent, type JobQueue } from '@scrivo/domain/jobs';
import {
  PLAN_LIMITS,
  usagePeriod,
  type PlanId,
  dueHousekeeping,
  emptyHousekeeping,
  RECORDING_EVENT_TYPES,
  type RecordingEvent,
  trackHousekeeping,
} from '@scrivo/domain/recordings';
import { type RecordingCommands, TRANSCRIPTION_JOB } from './recording-commands';
import type { WorkerLogger } from './transcription-worker';

const tracked = new Set<string>([...RECORDING_EVENT_TYPES, ...JOB_EVENT_TYPES]);
const PAGE = 1000;

export interface HousekeepingSweeperDeps {
  readonly events: EventStore;
  readonly commands: RecordingCommands;
  readonly jobs: JobQueue;
  readonly blobs: BlobStore;
  readonly clock: Clock;
  readonly logger: WorkerLogger;
  /** A request or job death younger than this is left to the process that wrote it. */
  readonly settleMs: number;
  /** The owner's plan now: a re-enqueued job gets the plan's features (speaker labels) like a fresh one. */
  readonly planOf: (ownerId: string) => Promise<PlanId>;
}

/**
 * The job worker's repair sweep (see domain/src/recordings/housekeeping.ts): re-enqueues transcriptions whose
 * job was never written, fails recordings whose job died unreported, and erases media after the restore grace
 * period. It folds only the events appended since its last run.
 */
export class HousekeepingSweeper {
  private readonly state = emptyHousekeeping();
  private position = -1;
  private readonly actor: Actor = { kind: 'worker', id: 'housekeeping' };

  constructor(private readonly deps: HousekeepingSweeperDeps) {}

  async sweep(): Promise<{ enqueued: number; failed: number; purged: number }> {
    for (;;) {
      const page = await this.deps.events.readAll({ after: this.position, maxCount: PAGE });
      for (const event of page) {
        this.position = event.globalPosition;
        if (tracked.has(event.type))
          trackHousekeeping(this.state, { type: event.type, data: event.data } as RecordingEvent | JobEvent);
      }
      if (page.length < PAGE) break;
    }
    const work = dueHousekeeping(this.state, this.deps.clock.now(), this.deps.settleMs);
    const { commands, jobs, logger } = this.deps;
    for (const stranded of work.enqueue) {
      logger.warn(stranded, 'transcription had no job: enqueuing it');
      await jobs.enqueue(
        {
          jobId: stranded.jobId,
          kind: TRANSCRIPTION_JOB,
          subjectId: stranded.recordingId,
          ownerId: stranded.ownerId,
          payload: {
            recordingId: stranded.recordingId,
            diarize: PLAN_LIMITS[await this.deps.planOf(stranded.ownerId)].speakerLabels,
            period: usagePeriod(new Date(stranded.requestedAt)).id,
          },
        },
        { correlationId: stranded.jobId },
      );
      // Known to have a job now, so a slow next sweep does not repeat the append.
      this.state.jobs.set(stranded.jobId, { deadAt: null, reason: null });
    }
    for (const dead of work.failDead) {
      logger.warn(dead, 'job died without its recording being told: failing it');
      await commands.run(
        dead.recordingId,
        {
          type: 'FailTranscription',
          jobId: dead.jobId,
          code: 'TRANSCRIPTION_FAILED',
          message: 'Transcription failed after several attempts. Please try again later.',
          now: commands.now(),
        },
        this.actor,
        dead.jobId,
      );
      await commands.releaseMinutes(
        dead.ownerId,
        dead.recordingId,
        dead.requestedAt,
        'failed',
        this.actor,
        dead.jobId,
      );
    }
    for (const expired of work.purge) {
      for (const key of expired.blobKeys) await this.deps.blobs.delete(key);
      await commands.run(
        expired.recordingId,
        { type: 'PurgeMedia', blobKeys: expired.blobKeys, now: commands.now() },
        this.actor,
        expired.recordingId,
      );
      logger.info(expired, 'deleted recording media erased after the grace period');
    }
    return { enqueued: work.enqueue.length, failed: work.failDead.length, purged: work.purge.length };
  }
}
