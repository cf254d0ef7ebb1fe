import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { HealthBody } from '@scrivo/contracts';
import type { EventStore } from '@scrivo/domain';
import { ADAPTERS } from '../infrastructure/infrastructure.module';
import type { Adapters } from '../infrastructure/adapters.factory';
import { Projections } from '../infrastructure/projection-registry';
import { EVENT_STORE } from '../infrastructure/tokens';

export class GetHealthQuery extends Query<HealthBody> {}

const started = Date.now();

const probe = async (port: string, adapter: string, check: () => Promise<unknown>) => {
  try {
    await check();
    return { port, adapter, ok: true };
  } catch (error) {
    return { port, adapter, ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
};

@QueryHandler(GetHealthQuery)
export class GetHealthHandler implements IQueryHandler<GetHealthQuery> {
  constructor(
    @Inject(ADAPTERS) private readonly adapters: Adapters,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly projections: Projections,
  ) {}

  async execute(): Promise<HealthBody> {
    let head = -1;
    const adapters = await Promise.all([
      probe('events', this.adapters.names.events, async () => {
        head = await this.events.headPosition();
      }),
      probe('readModels', this.adapters.names.readModels, () =>
        this.adapters.readModels.getCheckpoint('__health__'),
      ),
      probe('blobs', this.adapters.names.blobs, () => this.adapters.blobs.stat('__health__')),
    ]);
    const projections = this.projections
      .status()
      .map((p) => ({ ...p, behind: Math.max(0, head - p.checkpoint) }));
    const ok = adapters.every((a) => a.ok) && projections.every((p) => p.error === null);
    return {
      status: ok ? 'ok' : 'degraded',
      version: process.env.npm_package_version ?? '0.1.0',
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
      adapters,
      projections,
    };
  }
}
