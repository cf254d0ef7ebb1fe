import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { HealthBody } from '@scrivo/contracts';
import type { BlobStore, EventStore } from '@scrivo/domain';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { ADAPTERS } from '../infrastructure/infrastructure.module';
import type { Adapters } from '../infrastructure/adapters.factory';
import { Projections } from '../infrastructure/projection-registry';
import { EVENT_STORE } from '../infrastructure/tokens';
import { engineHealth } from './engine-health';

export class GetHealthQuery extends Query<HealthBody> {}

const started = Date.now();

/** An OS error names a server path: the health answer (public) says only what kind of failure it was. */
const describeFailure = (error: unknown): string => {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code))
    return `${code} (${OS_ERRORS[code] ?? 'I/O error'})`;
  return error instanceof Error ? error.message : String(error);
};
const OS_ERRORS: Record<string, string> = {
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EIO: 'input/output error',
};

const probe = async (port: string, adapter: string, check: () => Promise<unknown>) => {
  try {
    await check();
    return { port, adapter, ok: true };
  } catch (error) {
    return { port, adapter, ok: false, detail: describeFailure(error) };
  }
};

/** Reading is not enough: uploads fail on a read-only or full store, so write a few bytes and delete them. */
const writeProbe = async (blobs: BlobStore) => {
  const key = `health/${process.pid}-${randomUUID()}`;
  try {
    await blobs.put(key, new TextEncoder().encode('ok'), { contentType: 'text/plain' });
  } finally {
    await blobs.delete(key).catch(() => undefined);
  }
};

@QueryHandler(GetHealthQuery)
export class GetHealthHandler implements IQueryHandler<GetHealthQuery> {
  constructor(
    @Inject(ADAPTERS) private readonly adapters: Adapters,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly projections: Projections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<HealthBody> {
    let head = -1;
    const enginesAnswer = engineHealth(this.config, this.adapters.readModels);
    const adapters = await Promise.all([
      probe('events', this.adapters.names.events, async () => {
        head = await this.events.headPosition();
      }),
      probe('readModels', this.adapters.names.readModels, () =>
        this.adapters.readModels.getCheckpoint('__health__'),
      ),
      probe('blobs', this.adapters.names.blobs, () => writeProbe(this.adapters.blobs)),
    ]);
    const reactors = this.projections.reactorStatus().map((r) => ({
      name: `reactor:${r.name}`,
      checkpoint: r.checkpoint,
      lastLagMs: null,
      running: true,
      // A reactor retrying an event holds every later reaction back: the server is degraded until it succeeds.
      error: r.retrying,
    }));
    const projections = [...this.projections.status(), ...reactors].map((p) => ({
      ...p,
      behind: Math.max(0, head - p.checkpoint),
    }));
    const engines = await enginesAnswer;
    const ok =
      adapters.every((a) => a.ok) &&
      projections.every((p) => p.error === null) &&
      engines.every((e) => e.ok || !e.required);
    return {
      status: ok ? 'ok' : 'degraded',
      version: process.env.npm_package_version ?? '0.1.0',
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
      adapters,
      projections,
      engines,
    };
  }
}
