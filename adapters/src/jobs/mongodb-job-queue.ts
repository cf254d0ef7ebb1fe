import { type Clock, DomainError, type EventStore, type Ids } from '@scrivo/domain';
import {
  type ClaimedJob,
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueJob,
  fairOrder,
  type JobQueue,
  type JobRequested,
  type JobState,
  type JobStatus,
  type OwnerShare,
} from '@scrivo/domain/jobs';
import { type Collection, type Db, type MongoClient, MongoServerError, type WithId } from 'mongodb';
import { type JobChange, JobStreams } from './job-streams';
import { connectMongoClient } from '../read-models/mongodb-client';
import { WorkWaiters } from './work-waiters';

/** A job as the shared index holds it: what it is, and where it stands (a copy of its stream's state). */
interface JobDoc {
  _id: string;
  kind: string;
  subjectId: string;
  ownerId: string;
  payload: Record<string, unknown>;
  maxAttempts: number;
  requestedAt: string;
  /** Short work goes ahead of long work (fair-order.ts); absent on jobs indexed before it was kept. */
  workSeconds?: number;
  /** The job stream's revision this copy reflects; -1 until JobRequested is on the stream. */
  revision: number;
  status: JobStatus;
  /** From when a free worker may take it: a pending job's backoff end, a running job's lease end; null once over. */
  dueAt: number | null;
  /** A running job's lease end; null otherwise. */
  leaseUntil: number | null;
}

/** When an owner's job of one kind was last claimed: the turn order, shared by every process. */
interface TurnDoc {
  _id: string;
  ownerId: string;
  kind: string;
  lastClaimedAt: string;
}

export const JOB_INDEX_COLLECTION = '_job_queue';
export const JOB_TURNS_COLLECTION = '_job_turns';

const ms = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

/** The index fields that follow from a job's state. */
const standing = (state: JobState): Pick<JobDoc, 'status' | 'dueAt' | 'leaseUntil'> => ({
  status: state.status,
  dueAt:
    state.status === 'pending'
      ? (ms(state.availableAt) ?? 0)
      : state.status === 'running'
        ? ms(state.leaseExpiresAt)
        : null,
  leaseUntil: state.status === 'running' ? ms(state.leaseExpiresAt) : null,
});

const requestOf = (doc: JobDoc): JobRequested['data'] => ({
  jobId: doc._id,
  kind: doc.kind,
  subjectId: doc.subjectId,
  ownerId: doc.ownerId,
  payload: doc.payload,
  maxAttempts: doc.maxAttempts,
  requestedAt: doc.requestedAt,
  ...(doc.workSeconds === undefined ? {} : { workSeconds: doc.workSeconds }),
});

const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;

export interface MongoDbJobQueueOptions {
  readonly db: Db;
  /** Closed with the queue when given (the queue opened it). */
  readonly client?: MongoClient;
  /** Where the job streams live: the same event store every other process of the installation uses. */
  readonly events: EventStore;
  readonly clock: Clock;
  readonly ids: Ids;
  /** How long a claim lasts without a heartbeat. Workers heartbeat every leaseMs / 3. */
  readonly leaseMs?: number;
  /** How often an idle worker asks the server whether a job became due (jobs enqueued here wake it at once). */
  readonly pollMs?: number;
}

/**
 * The job queue for installations that run MongoDB (several API and job-worker machines): MongoDB holds a shared
 * index of the jobs, so a worker finds the next job in one query instead of every process replaying the whole
 * event log (the embedded queue), and every process sees the whole line (owners take turns across all workers,
 * and a waiting job can be told its place, which a consumer group cannot).
 *
 * The job stream (`job-{id}` on the event store) stays each job's single source of truth and every change goes
 * through it, exactly as in the other two queues (JobStreams): the dead-jobs and language-jobs reactors react to
 * JobFailed on the log and read a job's JobRequested from its stream, and auditors read who claimed, heartbeat and
 * finished each job there. Keeping a second truth in MongoDB would mean writing every change twice and reconciling
 * them after a crash in between. The claim is therefore decided on the stream: JobClaimed is appended with
 * optimistic concurrency, so of several processes exactly one wins, and a stale holder's heartbeat, progress,
 * complete or fail is refused by the decider with LeaseLostError. A conditional findOneAndUpdate on MongoDB would
 * not be a safe fence everywhere this runs: on FerretDB over SQLite (the server the tests run on) four concurrent
 * `updateOne({ _id, version })` calls all matched and all "won" (measured; see the test file).
 *
 * The index is a copy, updated after each change and corrected whenever a claim finds it stale (a process died
 * between the append and the update): every job not over in the copy becomes a candidate by its due time at the
 * latest, and a failed claim re-reads the stream. A job is put in the index before its stream is written, so a crash
 * in between cannot lose it: a job still missing its stream a lease later is requested again by whoever finds it.
 */
export class MongoDbJobQueue implements JobQueue {
  private readonly streams: JobStreams;
  private readonly jobs: Collection<JobDoc>;
  private readonly turns: Collection<TurnDoc>;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly waiters = new WorkWaiters();
  private indexes: Promise<void> | null = null;

  constructor(private readonly options: MongoDbJobQueueOptions) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 500;
    this.jobs = options.db.collection<JobDoc>(JOB_INDEX_COLLECTION);
    this.turns = options.db.collection<TurnDoc>(JOB_TURNS_COLLECTION);
    this.streams = new JobStreams({
      ...options,
      leaseMs: this.leaseMs,
      onChange: (change) => this.copy(change),
    });
  }

  static async connect(
    options: Omit<MongoDbJobQueueOptions, 'db' | 'client'> & {
      readonly url: string;
      readonly database: string;
    },
  ): Promise<MongoDbJobQueue> {
    const client = await connectMongoClient(options.url);
    return new MongoDbJobQueue({ ...options, client, db: client.db(options.database) });
  }

  get lease(): number {
    return this.leaseMs;
  }

  private ready(): Promise<void> {
    this.indexes ??= (async () => {
      await this.jobs.createIndex({ kind: 1, dueAt: 1 });
      await this.jobs.createIndex({ dueAt: 1 });
      await this.jobs.createIndex({ status: 1, kind: 1, leaseUntil: 1 });
      await this.turns.createIndex({ ownerId: 1 });
    })().catch((error: unknown) => {
      this.indexes = null;
      throw error;
    });
    return this.indexes;
  }

  async enqueue(job: EnqueueJob, context: { correlationId: string }): Promise<void> {
    await this.ready();
    const requestedAt = this.options.clock.now().toISOString();
    try {
      await this.jobs.insertOne({
        _id: job.jobId,
        kind: job.kind,
        subjectId: job.subjectId,
        ownerId: job.ownerId,
        payload: job.payload,
        maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        requestedAt,
        ...(job.workSeconds === undefined ? {} : { workSeconds: job.workSeconds }),
        revision: -1,
        status: 'pending',
        dueAt: Date.parse(requestedAt),
        leaseUntil: null,
      });
    } catch (error) {
      // Requested before (a reactor replaying): the stream decides that nothing more happens.
      if (!isDuplicateKey(error)) throw error;
    }
    await this.streams.request(job, context);
    this.waiters.wake();
  }

  async claim(workerId: string, kinds: readonly string[]): Promise<ClaimedJob | null> {
    await this.ready();
    const now = this.options.clock.now().getTime();
    for (const candidate of (await this.line(kinds, now)).line) {
      const claimed = await this.tryClaim(candidate, workerId, now);
      if (!claimed) continue;
      await this.tookTurn(claimed, new Date(now).toISOString());
      return claimed;
    }
    return null;
  }

  private async tookTurn(claimed: ClaimedJob, claimedAt: string): Promise<void> {
    const turn = () =>
      this.turns.updateOne(
        { _id: `${claimed.ownerId}\n${claimed.kind}` },
        { $max: { lastClaimedAt: claimedAt }, $set: { ownerId: claimed.ownerId, kind: claimed.kind } },
        { upsert: true },
      );
    try {
      await turn();
    } catch (error) {
      // Two processes served this owner's first turn at once: the other one's insert won, update it.
      if (!isDuplicateKey(error)) throw error;
      await turn();
    }
  }

  private async tryClaim(doc: JobDoc, workerId: string, now: number): Promise<ClaimedJob | null> {
    if (doc.revision < 0) {
      // Its enqueuer may still be writing the stream; a lease later, it died in between.
      if ((doc.dueAt ?? now) + this.leaseMs > now) return null;
      await this.streams.request(requestOf(doc), { correlationId: doc._id });
    }
    const claimed = await this.streams.claim(requestOf(doc), workerId);
    // Another process was faster, or the copy was stale: bring it up to date from the stream.
    if (!claimed) await this.refresh(doc._id);
    return claimed;
  }

  /** The jobs of these kinds a free worker may take now in the order it tries them, and those running now. */
  private async line(
    kinds: readonly string[],
    now: number,
  ): Promise<{ line: WithId<JobDoc>[]; running: number }> {
    const ofKinds = { $in: [...kinds] };
    const candidates = await this.jobs.find({ kind: ofKinds, dueAt: { $lte: now } }).toArray();
    const running = await this.jobs
      .find({ status: 'running', kind: ofKinds, leaseUntil: { $gt: now } }, { projection: { ownerId: 1 } })
      .toArray();
    const owners = [...new Set(candidates.map((candidate) => candidate.ownerId))];
    const turns =
      owners.length === 0 ? [] : await this.turns.find({ ownerId: { $in: owners }, kind: ofKinds }).toArray();
    const shareOf = (ownerId: string): OwnerShare => ({
      running: running.filter((job) => job.ownerId === ownerId).length,
      lastClaimedAt:
        turns
          .filter((turn) => turn.ownerId === ownerId)
          .map((turn) => turn.lastClaimedAt)
          .sort()
          .at(-1) ?? null,
    });
    return { line: fairOrder(candidates, shareOf), running: running.length };
  }

  async ahead(jobId: string, kinds: readonly string[]): Promise<number | null> {
    await this.ready();
    const job = await this.jobs.findOne({ _id: jobId }, { projection: { status: 1 } });
    if (job?.status !== 'pending') return null;
    const { line, running } = await this.line(kinds, this.options.clock.now().getTime());
    const place = line.findIndex((candidate) => candidate._id === jobId);
    // Waiting out a backoff: behind everyone who may go now.
    return running + (place === -1 ? line.length : place);
  }

  /**
   * FerretDB has no change streams, so an idle worker asks every pollMs whether any job is due (one indexed query);
   * a job enqueued by this process wakes it at once.
   */
  async waitForWork(maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    await this.waiters.wait(maxWaitMs, signal, (wake, over) => this.pollForDueJobs(maxWaitMs, wake, over));
  }

  /** Asks every pollMs whether any job is due, and wakes the wait when one is, until the wait is over. */
  private pollForDueJobs(maxWaitMs: number, wake: () => void, over: AbortSignal): void {
    let poll: NodeJS.Timeout | undefined;
    const check = async () => {
      const due = await this.ready()
        .then(() =>
          this.jobs.findOne(
            { dueAt: { $lte: this.options.clock.now().getTime() } },
            { projection: { _id: 1 } },
          ),
        )
        .catch(() => null); // the server is away: the worker's next claim says so
      if (over.aborted) return;
      if (due) wake();
      else poll = setTimeout(() => void check(), this.pollMs);
    };
    poll = setTimeout(() => void check(), Math.min(this.pollMs, maxWaitMs));
    over.addEventListener('abort', () => clearTimeout(poll), { once: true });
  }

  heartbeat(job: ClaimedJob): Promise<void> {
    return this.streams.heartbeat(job);
  }

  progress(job: ClaimedJob, progress: number): Promise<void> {
    return this.streams.progress(job, progress);
  }

  complete(job: ClaimedJob): Promise<void> {
    return this.streams.complete(job);
  }

  async fail(job: ClaimedJob, reason: string, retryable: boolean): Promise<{ willRetry: boolean }> {
    const { retryAt } = await this.streams.fail(job, reason, retryable);
    return { willRetry: retryAt !== null };
  }

  async cancel(jobId: string, context: { correlationId: string }): Promise<void> {
    try {
      await this.streams.cancel(jobId, context);
    } catch (error) {
      // Indexed but its stream never written (the enqueuer died in between): request it, so the cancel is kept.
      if (!(error instanceof DomainError && error.code === 'NOT_FOUND')) throw error;
      const doc = await this.jobs.findOne({ _id: jobId });
      if (!doc) throw error;
      await this.streams.request(requestOf(doc), context);
      await this.streams.cancel(jobId, context);
    }
  }

  async close(): Promise<void> {
    this.waiters.wake();
    await this.options.client?.close();
  }

  /** Brings a job's copy up to date with its stream. */
  private async refresh(jobId: string): Promise<void> {
    const { state, revision } = await this.streams.load(jobId);
    if (revision !== null) await this.copy({ jobId, state, revision, events: [] });
  }

  /**
   * Copies a change of a job stream into the index. Only a newer revision replaces the copy. Should the server
   * refuse, the change stands on the stream and the copy is corrected by the next claim that finds it stale: the
   * worker's report (a heartbeat, a completion) must not fail for it.
   */
  private async copy(change: JobChange): Promise<void> {
    const requested = change.events.find((event) => event.type === 'JobRequested');
    await this.jobs
      .updateOne(
        { _id: change.jobId, revision: { $lt: change.revision } },
        {
          $set: {
            revision: change.revision,
            ...standing(change.state),
            ...(requested?.type === 'JobRequested' ? { requestedAt: requested.data.requestedAt } : {}),
          },
        },
      )
      .catch(() => undefined);
  }
}
