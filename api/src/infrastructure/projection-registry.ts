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
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { CLOCK, EVENT_STORE, READ_MODELS, UPCASTERS } from './tokens';

/**
 * Feature modules register their projections in onModuleInit; the runner starts once every module has, and
 * drains on shutdown. With SCRIVO_RUN_PROJECTIONS=false (API replicas in production) nothing runs here and the
 * projector process does the work.
 */
@Injectable()
export class Projections implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registered: Projection[] = [];
  private runner: ProjectionRunner | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UPCASTERS) private readonly upcasters: UpcasterRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

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
   * at once. Without a local runner (API replicas) it returns immediately: the read is eventually consistent.
   */
  async waitFor(position: number | null, timeoutMs?: number): Promise<void> {
    if (position === null || !this.runner) return;
    await this.runner.waitFor(position, timeoutMs);
  }

  rebuild(name: string): Promise<void> {
    if (!this.runner) throw new Error('Projections do not run in this process');
    return this.runner.rebuild(name);
  }
}
