import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  type Clock,
  type EventStore,
  type Projection,
  ProjectionRunner,
  type ReadModelStore,
  type UpcasterRegistry,
} from '@scrivo/domain';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { ApiError } from '../common/api-error';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { CheckpointWatcher } from './checkpoint-watcher';
import { CLOCK, EVENT_STORE, READ_MODELS, UPCASTERS } from './tokens';

const READ_YOUR_WRITES_TIMEOUT_MS = 5000;
export const READ_MODELS_BEHIND_RETRY_SECONDS = 2;

const readModelsBehind = () =>
  new ApiError(
    503,
    'READ_MODELS_BEHIND',
    'Your change was saved, but the server is busy catching up. Please reload in a moment.',
    { retryAfterSeconds: READ_MODELS_BEHIND_RETRY_SECONDS },
  );

/**
 * Feature modules register their projections in onModuleInit; the runner starts once every module has, and
 * drains on shutdown. With SCRIVO_RUN_PROJECTIONS=false (API replicas in production) nothing runs here and the
 * projector process does the work.
 */
@Injectable()
export class Projections implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registered: Projection[] = [];
  private runner: ProjectionRunner | null = null;
  private readonly checkpoints: CheckpointWatcher;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UPCASTERS) private readonly upcasters: UpcasterRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {
    this.checkpoints = new CheckpointWatcher(readModels, () => this.registered.map((p) => p.name));
  }

  register(...projections: Projection[]): void {
    if (this.runner) throw new Error('Projections must be registered before the application starts');
    for (const p of projections) {
      if (this.registered.some((r) => r.name === p.name))
        throw new Error(`Projection ${p.name} registered twice`);
      this.registered.push(p);
    }
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
    });
    await this.runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner?.stop();
  }

  status() {
    return this.runner?.status() ?? [];
  }

  /**
   * Waits until the read models include the event at `position`, so a client that wrote something reads it back
   * at once, on whichever replica it lands. With a local runner it waits for the runner; without one (API
   * replicas) it watches the checkpoints the projector commits. Past the timeout the write stands but the
   * answer is a 503 with Retry-After: a stale read would look like the write was lost.
   */
  async waitFor(position: number | null, timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS): Promise<void> {
    if (position === null) return;
    const reached = this.runner
      ? await this.runner.waitFor(position, timeoutMs).then(
          () => true,
          () => false,
        )
      : await this.checkpoints.waitFor(position, timeoutMs);
    if (!reached) throw readModelsBehind();
  }

  rebuild(name: string): Promise<void> {
    if (!this.runner) throw new Error('Projections do not run in this process');
    return this.runner.rebuild(name);
  }
}
