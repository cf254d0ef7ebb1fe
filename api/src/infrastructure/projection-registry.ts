import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  type Clock,
  type EventStore,
  type Projection,
  ProjectionRunner,
  type Reactor,
  ReactorRunner,
  reactorCheckpointName,
  type ReadModelStore,
  type UpcasterRegistry,
} from '@scrivo/domain';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { ApiError } from '../common/api-error';
import { CRASH_POINTS, type CrashPoints } from '../common/crash-points';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { CaughtUpPublisher } from './caught-up-publisher';
import { CheckpointWatcher } from './checkpoint-watcher';
import type { PeriodicWork } from './periodic-work';
import { CLOCK, EVENT_STORE, READ_MODELS, UPCASTERS } from './tokens';

const READ_YOUR_WRITES_TIMEOUT_MS = 5000;
export const READ_MODELS_BEHIND_RETRY_SECONDS = 2;

const READ_MODELS_BEHIND = 'READ_MODELS_BEHIND';

/**
 * The write was saved and only its read-back timed out. A write made while the process starts (the admin and the
 * auditor from the environment) has no client waiting to read it back: an API replica that starts while the
 * projector is catching up must not fail its start for that, or an orchestrator restarts it again and again
 * until the projector is idle.
 */
export const onlyReadModelsBehind = (error: unknown): boolean =>
  error instanceof ApiError && error.code === READ_MODELS_BEHIND;

const readModelsBehind = () =>
  new ApiError(
    503,
    READ_MODELS_BEHIND,
    'Your change was saved, but the server is busy catching up. Please reload in a moment.',
    { retryAfterSeconds: READ_MODELS_BEHIND_RETRY_SECONDS },
  );

/**
 * Feature modules register their projections and reactors in onModuleInit; the runners start once every module
 * has, and drain on shutdown. With SCRIVO_RUN_PROJECTIONS=false (API replicas in production) nothing runs here
 * and the projector process does the work. Reactors run beside the projections, in exactly one process, so
 * their reactions (enqueue a job, give minutes back) happen once and in the order of the events.
 */
@Injectable()
export class Projections implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registered: Projection[] = [];
  private readonly reactors: Reactor[] = [];
  private readonly timers: PeriodicWork[] = [];
  private runner: ProjectionRunner | null = null;
  private reactorRunner: ReactorRunner | null = null;
  /** Started once both runners are: before that, the lowest of the projections alone would claim too much. */
  private caughtUp: CaughtUpPublisher | null = null;
  private readonly checkpoints: CheckpointWatcher;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UPCASTERS) private readonly upcasters: UpcasterRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    @Inject(CRASH_POINTS) private readonly crash: CrashPoints,
  ) {
    this.checkpoints = new CheckpointWatcher(readModels, () => [
      ...this.registered.map((p) => p.name),
      ...this.reactors.map((r) => reactorCheckpointName(r.name)),
    ]);
  }

  register(...projections: Projection[]): void {
    if (this.runner) throw new Error('Projections must be registered before the application starts');
    for (const p of projections) {
      if (this.registered.some((r) => r.name === p.name))
        throw new Error(`Projection ${p.name} registered twice`);
      this.registered.push(p);
    }
  }

  registerReactors(...reactors: Reactor[]): void {
    if (this.runner) throw new Error('Reactors must be registered before the application starts');
    for (const r of reactors) {
      if (this.reactors.some((known) => known.name === r.name))
        throw new Error(`Reactor ${r.name} registered twice`);
      this.reactors.push(r);
    }
  }

  /**
   * Sweeps over due lists the read models keep (media to erase, webhook attempts, retention): made and run only
   * where the projections run (one process), started once they are, stopped before them.
   */
  registerTimers(...timers: (() => PeriodicWork)[]): void {
    if (this.runner) throw new Error('Timers must be registered before the application starts');
    if (this.runsHere) this.timers.push(...timers.map((make) => make()));
  }

  /** Whether this process runs the projections and reactors (and so the timers that go with them). */
  get runsHere(): boolean {
    return this.config.SCRIVO_RUN_PROJECTIONS;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SCRIVO_RUN_PROJECTIONS) return;
    this.runner = new ProjectionRunner({
      events: this.events,
      readModels: this.readModels,
      projections: this.registered,
      clock: this.clock,
      upcasters: this.upcasters,
      onError: (projection, error) => this.logger.error({ err: error, projection }, 'projection failed'),
      onAdvance: () => this.caughtUp?.changed(),
    });
    await this.runner.start();
    this.reactorRunner = new ReactorRunner({
      events: this.events,
      checkpoints: this.readModels,
      reactors: this.reactors,
      upcasters: this.upcasters,
      afterReaction: (reactor) => this.crash.reached(`reacted:${reactor}`),
      onAdvance: () => this.caughtUp?.changed(),
      onFailure: (reactor, event, error) =>
        this.logger.error(
          { err: error, reactor, event: event.type, position: event.globalPosition },
          'reaction failed; retrying',
        ),
    });
    await this.reactorRunner.start();
    const [projections, reactors] = [this.runner, this.reactorRunner];
    this.caughtUp = new CaughtUpPublisher(
      this.readModels,
      () =>
        Math.min(
          ...projections.status().map((p) => p.checkpoint),
          ...reactors.status().map((r) => r.checkpoint),
        ),
      (error) => this.logger.warn({ err: error }, 'could not publish how far the read models are'),
    );
    this.caughtUp.changed();
    // A timer reads the due lists the projections keep: before they have caught up it finds less, never too much.
    for (const timer of this.timers) timer.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.timers.map((timer) => timer.stop()));
    await this.reactorRunner?.stop();
    await this.runner?.stop();
    await this.caughtUp?.stop();
  }

  status() {
    return this.runner?.status() ?? [];
  }

  reactorStatus() {
    return this.reactorRunner?.status() ?? [];
  }

  /**
   * Waits until the projections (not the reactors) include the event at `position`: for a reactor that reads a
   * read model written by events before its own (waiting for the reactors too would wait for itself). Reactors
   * run where the projections run, so the runner is local.
   */
  async readModelsInclude(position: number, timeoutMs = 60_000): Promise<void> {
    if (!this.runner) throw new Error('Read models are projected in another process');
    await this.runner.waitFor(position, timeoutMs);
  }

  /**
   * Waits until the read models include the event at `position` and the reactors have reacted to it, so a
   * client that wrote something reads it back at once, with its consequences (a cancel's minutes given back), on
   * whichever replica it lands. With local runners it waits for them; without (API replicas) it watches the
   * checkpoints the projector commits. Past the timeout the write stands but the
   * answer is a 503 with Retry-After: a stale read would look like the write was lost.
   */
  async waitFor(position: number | null, timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS): Promise<void> {
    if (position === null) return;
    const local = this.runner;
    const reactors = this.reactorRunner;
    const reached =
      local && reactors
        ? await Promise.all([local.waitFor(position, timeoutMs), reactors.waitFor(position, timeoutMs)]).then(
            () => true,
            () => false,
          )
        : await this.checkpoints.waitFor(position, timeoutMs);
    if (!reached) throw readModelsBehind();
  }

  async rebuild(name: string): Promise<void> {
    if (!this.runner) throw new Error('Projections do not run in this process');
    // The replicas wait for the rebuilt projection from its first event, as they did when they read its own
    // (dropped) checkpoint.
    await this.caughtUp?.hold(-1);
    try {
      await this.runner.rebuild(name);
    } finally {
      this.caughtUp?.resume();
    }
  }
}
