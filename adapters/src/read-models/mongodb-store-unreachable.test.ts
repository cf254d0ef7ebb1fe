import { ReadModelsUnavailableError } from '@scrivo/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notBuiltReason, serverBinary } from '../testing/real-servers';
import { type RestartableServer, startRestartableFerretDb } from '../testing/restartable-servers';
import { SERVER_SELECTION_TIMEOUT_MS } from './mongodb-client';
import { MongoReadModelStore } from './mongodb-read-model-store';

interface Note {
  readonly id: string;
  readonly owner: string;
}

/**
 * Issue 45's production fault run found it: an edit read the read models just as FerretDB was killed, the driver's
 * "connection closed" reached the HTTP layer, and the user got a 500 for a server that came back a second later.
 * The store says what happened in the port's words, which the API answers as 503 with Retry-After.
 */
describe.skipIf(!serverBinary('ferretdb'))(
  `the MongoDB read-model store while its server is down (real FerretDB killed)${serverBinary('ferretdb') ? '' : `: ${notBuiltReason('ferretdb')}`}`,
  () => {
    let ferret: RestartableServer;
    let readModels: MongoReadModelStore;
    let withDefaults: MongoReadModelStore;
    const note: Note = { id: 'n1', owner: 'ann' };
    const notes = () => readModels.collection<Note>('notes');

    beforeAll(async () => {
      ferret = await startRestartableFerretDb();
      readModels = await MongoReadModelStore.connect({
        url: ferret.url,
        database: `unreachable_${randomUUID().slice(0, 8)}`,
        clientOptions: { serverSelectionTimeoutMS: 500 },
      });
      await readModels.commit('notes', 1, [{ kind: 'upsert', collection: 'notes', doc: note }]);
      withDefaults = await MongoReadModelStore.connect({ url: ferret.url, database: 'unreachable_defaults' });
    }, 60_000);
    afterAll(async () => {
      await readModels?.close();
      await withDefaults?.close();
      await ferret?.stop();
    });

    it('reads cut off by the kill fail as ReadModelsUnavailableError, not as the driver error', async () => {
      const reads = Array.from({ length: 40 }, (_, i) =>
        i % 2 ? notes().find({ owner: 'ann' }) : notes().count({ owner: 'ann' }),
      );
      await ferret.kill();
      const outcomes = await Promise.allSettled(reads);
      for (const outcome of outcomes)
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ReadModelsUnavailableError);
    });

    it('answers every read while the server is down with ReadModelsUnavailableError (503, Retry-After)', async () => {
      const refusals = await Promise.allSettled([
        notes().get('n1'),
        notes().find({ owner: 'ann' }),
        notes().count({ owner: 'ann' }),
        readModels.getCheckpoint('notes'),
      ]);
      for (const refusal of refusals) {
        expect(refusal.status).toBe('rejected');
        const reason: unknown = refusal.status === 'rejected' ? refusal.reason : null;
        expect(reason).toBeInstanceOf(ReadModelsUnavailableError);
        expect(reason).toMatchObject({
          code: 'READ_MODELS_UNAVAILABLE',
          details: { retryAfterSeconds: ReadModelsUnavailableError.RETRY_AFTER_SECONDS },
        });
      }
    });

    it(`refuses a read within seconds with the production defaults (${SERVER_SELECTION_TIMEOUT_MS} ms to find a server, not the driver's 30 s)`, async () => {
      const asked = Date.now();
      await expect(withDefaults.collection<Note>('notes').get('n1')).rejects.toBeInstanceOf(
        ReadModelsUnavailableError,
      );
      expect(Date.now() - asked).toBeLessThan(SERVER_SELECTION_TIMEOUT_MS + 3_000);
    });

    it('reads again once the server is back', async () => {
      await ferret.start();
      await expect(notes().get('n1')).resolves.toEqual({ id: 'n1', owner: 'ann' });
    });
  },
);
