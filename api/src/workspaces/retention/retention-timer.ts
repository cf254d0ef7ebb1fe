import type { Actor, Clock, Filter, ReadModelStore } from '@scrivo/domain';
import {
  mediaBlobKeys,
  RECORDINGS_COLLECTION,
  recordingDecider,
  type RecordingDoc,
  recordingStream,
} from '@scrivo/domain/recordings';
import {
  PERSONAL_RETENTION_COLLECTION,
  type PersonalRetentionDoc,
  type RetentionPolicy,
  WORKSPACE_RETENTION_COLLECTION,
  type WorkspaceRetentionDoc,
} from '@scrivo/domain/workspaces';
import { PeriodicWork } from '../../infrastructure/periodic-work';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import type { WorkerLogger } from '../../jobs/worker-logger';

const actor: Actor = { kind: 'system', id: 'retention' };
const BATCH = 200;
const DAY_MS = 24 * 3600 * 1000;

export interface RetentionTick {
  /** Recordings moved to the bin (scope `recording`). */
  readonly binned: number;
  /** Recordings in the bin past their restore period, erased (scope `recording`). */
  readonly erased: number;
  /** Recordings whose media was removed, the transcript kept (scope `media`). */
  readonly retired: number;
}

/**
 * Applies each workspace's retention, and each person's for their own space, once a day, through the paths a person's own deletion takes: a recording
 * past its date goes to the bin (restorable for the usual grace period) and is erased after it, or loses only its
 * media. Every step is a command the recording decider ignores when repeated, so a tick cut off by a crash, or two
 * processes ticking at once, change nothing more than one tick.
 */
export class RetentionTimer extends PeriodicWork {
  constructor(
    private readonly deps: {
      /** The background runner: the timer runs beside the projections and must not wait for them. */
      readonly runner: StreamRunner;
      readonly readModels: ReadModelStore;
      readonly clock: Clock;
      readonly logger: WorkerLogger;
      readonly intervalMs: number;
      /** How long a recording the policy binned can still be restored (the bin's usual grace period). */
      readonly graceSeconds: number;
      /**
       * Once the read models hold the erasures up to `position` (they dropped the documents), makes their old bytes
       * unreadable on disk too (the store's log), as an account's erasure does.
       */
      readonly shredErased: (position: number) => Promise<void>;
    },
  ) {
    super({
      intervalMs: deps.intervalMs,
      run: async () => {
        const done = await this.applyDue();
        if (done.binned + done.erased + done.retired > 0)
          deps.logger.info({ ...done }, 'workspace retention applied');
      },
      onError: (error) =>
        deps.logger.error({ err: error }, 'workspace retention failed; trying again at the next tick'),
    });
  }

  async applyDue(): Promise<RetentionTick> {
    const now = this.deps.clock.now();
    const tick = { binned: 0, erased: 0, retired: 0 };
    let lastErased = -1;
    for (const { space, policy } of await this.spacesWithPolicies()) {
      const createdAt = { $lt: new Date(now.getTime() - policy.days * DAY_MS).toISOString() };
      // Each step asks only for what it still has to do, so a large backlog is worked through batch by batch.
      if (policy.scope === 'media') {
        for (const doc of await this.due({ ...space, createdAt, deletedAt: null, blobKey: { $ne: null } }))
          if (await this.retireMedia(doc)) tick.retired += 1;
        continue;
      }
      for (const doc of await this.due({ ...space, createdAt, deletedAt: null })) {
        await this.run(doc.id, {
          type: 'DeleteRecording',
          now: this.deps.runner.now(),
          graceSeconds: this.deps.graceSeconds,
        });
        tick.binned += 1;
      }
      // Restorable until then, as any deletion; erased at the first tick after it.
      const restorableUntil = { $lt: now.toISOString() };
      for (const doc of await this.due({ ...space, createdAt, restorableUntil })) {
        const erased = await this.run(doc.id, { type: 'EraseRecording', now: this.deps.runner.now() });
        lastErased = Math.max(lastErased, erased);
        tick.erased += 1;
      }
    }
    if (lastErased >= 0) await this.deps.shredErased(lastErased);
    return tick;
  }

  /**
   * Each space with a policy, as the recordings it holds are found: a workspace's by its id, a person's own space
   * by its owner's recordings outside any workspace.
   */
  private async spacesWithPolicies(): Promise<{ space: Filter; policy: RetentionPolicy }[]> {
    const workspaces = await this.deps.readModels
      .collection<WorkspaceRetentionDoc>(WORKSPACE_RETENTION_COLLECTION)
      .find({});
    const people = await this.deps.readModels
      .collection<PersonalRetentionDoc>(PERSONAL_RETENTION_COLLECTION)
      .find({});
    return [
      ...workspaces.map(({ id, policy }) => ({ space: { workspaceId: id }, policy })),
      ...people.map(({ id, policy }) => ({ space: { ownerId: id, workspaceId: null }, policy })),
    ];
  }

  private due(filter: Filter): Promise<RecordingDoc[]> {
    return this.deps.readModels
      .collection<RecordingDoc>(RECORDINGS_COLLECTION)
      .find(filter, { sort: [{ field: 'createdAt', direction: 'asc' }], limit: BATCH });
  }

  /** Whether it retired the media now. */
  private async retireMedia(doc: RecordingDoc): Promise<boolean> {
    const { state } = await this.deps.runner.load(recordingDecider, recordingStream(doc.id));
    // Still being transcribed: a later tick retires it once the transcript it keeps is there.
    if (state.purged || state.status === 'queued' || state.status === 'transcribing') return false;
    await this.run(doc.id, {
      type: 'RetireMedia',
      blobKeys: mediaBlobKeys(state),
      now: this.deps.runner.now(),
    });
    return true;
  }

  /** Runs one command on the recording; resolves with the position of its last event (-1: none). */
  private async run(
    recordingId: string,
    command: Parameters<typeof recordingDecider.decide>[0],
  ): Promise<number> {
    const { lastPosition } = await this.deps.runner.run(
      recordingDecider,
      recordingStream(recordingId),
      command,
      {
        actor,
        correlationId: recordingId,
      },
    );
    return lastPosition ?? -1;
  }
}
