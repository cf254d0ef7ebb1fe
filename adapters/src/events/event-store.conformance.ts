import { ConcurrencyError, type EventStore, type NewEvent, type RecordedEvent } from '@scrivo/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

export const newEvent = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  type,
  data,
  schemaVersion: 1,
  metadata: {
    eventId: randomUUID(),
    correlationId: 'corr-1',
    causationId: null,
    actor: { kind: 'system', id: 'conformance' },
    occurredAt: new Date().toISOString(),
  },
});

const waitUntil = async (check: () => boolean, timeoutMs = 5000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/**
 * The EventStore port's contract. Every adapter runs it: the embedded SQLite store always, EventStoreDB when
 * EVENTSTORE_URL is set. Streams get unique names so the suite can run against a shared server.
 */
export const describeEventStoreConformance = (
  name: string,
  create: (() => Promise<EventStore>) | null,
  skipReason?: string,
) => {
  const suite = create ? describe : describe.skip;
  suite(`EventStore conformance: ${name}${create ? '' : ` (skipped: ${skipReason})`}`, () => {
    let store: EventStore;
    const stream = (label: string) => `${label}-${randomUUID()}`;

    beforeAll(async () => {
      store = await create!();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('appends to a new stream and reads it back in order with envelopes', async () => {
      const id = stream('order');
      const result = await store.append(id, [newEvent('Opened', { n: 1 }), newEvent('Changed', { n: 2 })], {
        expectedRevision: 'no_stream',
      });
      expect(result.nextExpectedRevision).toBe(1);
      const events = await store.readStream(id);
      expect(events.map((e) => [e.type, e.data, e.streamRevision, e.streamId])).toEqual([
        ['Opened', { n: 1 }, 0, id],
        ['Changed', { n: 2 }, 1, id],
      ]);
      expect(events[0]!.metadata.correlationId).toBe('corr-1');
      expect(events[0]!.schemaVersion).toBe(1);
      expect(events[1]!.globalPosition).toBeGreaterThan(events[0]!.globalPosition);
      expect(result.lastPosition).toBe(events[1]!.globalPosition);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it('deletes a stream: it reads as empty, other streams stay, and deleting again is no error', async () => {
      const gone = stream('gone');
      const kept = stream('kept');
      await store.append(gone, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
      await store.append(kept, [newEvent('C')], { expectedRevision: 'no_stream' });
      await store.deleteStream(gone);
      expect(await store.readStream(gone)).toEqual([]);
      expect((await store.readStream(kept)).map((e) => e.type)).toEqual(['C']);
      await store.deleteStream(gone);
      await store.deleteStream(stream('never-written'));
    });

    it('enforces the expected revision and reports conflicts as ConcurrencyError', async () => {
      const id = stream('occ');
      await store.append(id, [newEvent('A')], { expectedRevision: 'no_stream' });
      await expect(
        store.append(id, [newEvent('B')], { expectedRevision: 'no_stream' }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append(id, [newEvent('B')], { expectedRevision: 5 })).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      await expect(
        store.append(stream('none'), [newEvent('B')], { expectedRevision: 'stream_exists' }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      await store.append(id, [newEvent('B')], { expectedRevision: 0 });
      await store.append(id, [newEvent('C')], { expectedRevision: 'stream_exists' });
      await store.append(id, [newEvent('D')], { expectedRevision: 'any' });
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
    });

    it('lets exactly one of two concurrent writers with the same expectation win', async () => {
      const id = stream('race');
      await store.append(id, [newEvent('A')], { expectedRevision: 'no_stream' });
      const results = await Promise.allSettled([
        store.append(id, [newEvent('B1')], { expectedRevision: 0 }),
        store.append(id, [newEvent('B2')], { expectedRevision: 0 }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('reads a stream backwards and from a revision with a max count', async () => {
      const id = stream('dir');
      await store.append(
        id,
        ['A', 'B', 'C', 'D'].map((t) => newEvent(t)),
        { expectedRevision: 'no_stream' },
      );
      expect((await store.readStream(id, { direction: 'backwards' })).map((e) => e.type)).toEqual([
        'D',
        'C',
        'B',
        'A',
      ]);
      expect(
        (await store.readStream(id, { direction: 'backwards', maxCount: 1 })).map((e) => e.type),
      ).toEqual(['D']);
      expect((await store.readStream(id, { fromRevision: 1, maxCount: 2 })).map((e) => e.type)).toEqual([
        'B',
        'C',
      ]);
      expect(
        (await store.readStream(id, { direction: 'backwards', fromRevision: 1 })).map((e) => e.type),
      ).toEqual(['B', 'A']);
    });

    it('reads all events after a position in global order', async () => {
      const before = await store.headPosition();
      const a = stream('all-a');
      const b = stream('all-b');
      await store.append(a, [newEvent('A1')], { expectedRevision: 'no_stream' });
      await store.append(b, [newEvent('B1')], { expectedRevision: 'no_stream' });
      await store.append(a, [newEvent('A2')], { expectedRevision: 0 });
      const events = (await store.readAll({ after: before })).filter(
        (e) => e.streamId === a || e.streamId === b,
      );
      expect(events.map((e) => e.type)).toEqual(['A1', 'B1', 'A2']);
      const positions = events.map((e) => e.globalPosition);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      expect(await store.headPosition()).toBe(positions.at(-1));
      const limited = await store.readAll({ after: before, maxCount: 2 });
      expect(limited).toHaveLength(2);
    });

    it('catch-up subscription replays from a checkpoint, then delivers live appends, and stops', async () => {
      const id = stream('sub');
      const first = await store.append(id, [newEvent('Old1'), newEvent('Old2')], {
        expectedRevision: 'no_stream',
      });
      const checkpoint = first.lastPosition - 1; // after Old1
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({
        after: checkpoint,
        onEvent: async (event) => {
          if (event.streamId === id) seen.push(event);
        },
      });
      await waitUntil(() => seen.length === 1);
      expect(seen[0]!.type).toBe('Old2');
      await store.append(id, [newEvent('Live')], { expectedRevision: 1 });
      await waitUntil(() => seen.length === 2);
      expect(seen.map((e) => e.type)).toEqual(['Old2', 'Live']);
      await subscription.stop();
      await store.append(id, [newEvent('AfterStop')], { expectedRevision: 2 });
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).toHaveLength(2);
    });

    it('a subscription whose handler fails stops and reports the error', async () => {
      const id = stream('fail');
      const errors: unknown[] = [];
      let calls = 0;
      const from = await store.headPosition();
      await store.append(id, [newEvent('X'), newEvent('Y')], { expectedRevision: 'no_stream' });
      store.subscribeToAll({
        after: from,
        onEvent: async () => {
          calls += 1;
          throw new Error('handler broke');
        },
        onError: (e) => errors.push(e),
      });
      await waitUntil(() => errors.length === 1);
      expect(calls).toBe(1);
    });
  });
};
