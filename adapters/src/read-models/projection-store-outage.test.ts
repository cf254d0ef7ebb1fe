import { type Doc, ManualClock, type Projection, ProjectionRunner } from '@scrivo/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../events/sqlite-event-store';
import { notBuiltReason, serverBinary } from '../testing/real-servers';
import { type RestartableServer, startRestartableFerretDb } from '../testing/restartable-servers';
import { MongoReadModelStore } from './mongodb-read-model-store';

interface Tally extends Doc {
  readonly events: number;
  /** The stream revision of the last event applied: a replay from the checkpoint changes nothing. */
  readonly revision: number;
}

const clock = new ManualClock(new Date('2026-05-01T09:00:00.000Z'));
const tally: Projection = {
  name: 'tally',
  collections: ['tally'],
  async handle(e, context) {
    const current = await context.get<Tally>('tally', e.streamId);
    if (current && current.revision >= e.streamRevision) return;
    const next: Tally = { id: e.streamId, events: (current?.events ?? 0) + 1, revision: e.streamRevision };
    context.upsert('tally', next);
  },
};
const ticked = () => ({
  type: 'Ticked',
  data: {},
  schemaVersion: 1,
  metadata: {
    eventId: randomUUID(),
    correlationId: 'spec',
    causationId: null,
    actor: { kind: 'system' as const, id: 'spec' },
    occurredAt: clock.now().toISOString(),
  },
});

/**
 * Issue 45's faults under traffic found it (bench/faults/run.ts --stack=production): FerretDB killed while events
 * were being projected stopped every projection for good, and the read models stayed behind until the projector
 * was restarted. A failing read-model store is not a bug in the projection: it must catch up once the store is back.
 */
describe.skipIf(!serverBinary('ferretdb'))(
  `a projection whose read-model store goes down (real FerretDB killed and started again)${serverBinary('ferretdb') ? '' : `: ${notBuiltReason('ferretdb')}`}`,
  () => {
    let ferret: RestartableServer;
    let events: SqliteEventStore;
    let readModels: MongoReadModelStore;
    let runner: ProjectionRunner;

    beforeAll(async () => {
      ferret = await startRestartableFerretDb();
      events = new SqliteEventStore({ path: ':memory:' });
      readModels = await MongoReadModelStore.connect({
        url: ferret.url,
        database: `outage_${randomUUID().slice(0, 8)}`,
        clientOptions: { serverSelectionTimeoutMS: 500 },
      });
      runner = new ProjectionRunner({
        events,
        readModels,
        projections: [tally],
        clock,
        storeRetryDelayMs: 100,
        maxStoreRetryDelayMs: 500,
        // The read sent just as the server dies may never settle (see the runner): given up after 2 s here.
        storeTimeoutMs: 2_000,
      });
      await runner.start();
    }, 60_000);
    afterAll(async () => {
      await runner?.stop();
      await readModels?.close();
      await events?.close();
      await ferret?.stop();
    });

    it('reports the outage, then catches up from its checkpoint once the store is back, each event once', async () => {
      const first = await events.append('stream-1', [ticked()], { expectedRevision: 'no_stream' });
      await runner.waitFor(first.lastPosition);

      await ferret.kill();
      const second = await events.append('stream-1', [ticked(), ticked()], { expectedRevision: 0 });
      await expect
        .poll(() => runner.status()[0]?.error, { timeout: 10_000 })
        .toMatch(/read-model store unavailable/);

      await ferret.start();
      await runner.waitFor(second.lastPosition, 30_000);
      expect(await readModels.collection<Tally>('tally').get('stream-1')).toEqual({
        id: 'stream-1',
        events: 3,
        revision: 2,
      });
      expect(runner.status()).toEqual([
        expect.objectContaining({ name: 'tally', running: true, error: null }),
      ]);
    }, 60_000);
  },
);
