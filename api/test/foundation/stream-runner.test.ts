import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import { uuidIds } from '@scrivo/adapters/system/uuid-ids';
import { type Decider, DomainError, ManualClock, UpcasterRegistry } from '@scrivo/domain';
import { describe, expect, it } from 'vitest';
import { requestContext } from '../../src/common/request-context';
import { StreamRunner } from '../../src/infrastructure/stream-runner';

type CounterEvent = { type: 'Counted'; data: { by: number } };
type CounterCommand = { type: 'Count'; by: number; max: number };

/** A counter that refuses to pass its maximum. Version 1 of `Counted` had no `by`: it always counted one. */
const counter: Decider<CounterCommand, CounterEvent, { total: number }> = {
  initialState: () => ({ total: 0 }),
  evolve: (state, event) => ({ total: state.total + event.data.by }),
  decide: (command, state) => {
    if (state.total + command.by > command.max) throw new DomainError('TOO_MANY', 'The counter is full.');
    return [{ type: 'Counted', data: { by: command.by } }];
  },
};

const setup = () => {
  const store = new SqliteEventStore({ path: ':memory:' });
  const upcasters = new UpcasterRegistry().register('Counted', 1, () => ({ by: 1 }));
  const settled: (number | null)[] = [];
  const runner = new StreamRunner({
    store,
    clock: new ManualClock(new Date('2026-11-24T10:00:00Z')),
    ids: uuidIds,
    upcasters,
    settle: async (position) => void settled.push(position),
  });
  return { store, runner, settled };
};

describe('StreamRunner: the one path from a command to its events', () => {
  it("records the request's actor, correlation id and request id (as the causation) on every event", async () => {
    const { store, runner, settled } = setup();
    const result = await requestContext.run(
      { requestId: 'req-1', correlationId: 'corr-1', actor: { kind: 'user', id: 'u1' } },
      () => runner.run(counter, 'counter-1', { type: 'Count', by: 2, max: 10 }),
    );
    expect(result.state).toEqual({ total: 2 });
    const [event] = await store.readStream('counter-1');
    expect(event!.metadata).toMatchObject({
      actor: { kind: 'user', id: 'u1' },
      correlationId: 'corr-1',
      causationId: 'req-1',
    });
    expect(settled).toEqual([result.lastPosition]);
  });

  it('outside a request, it is a system action with a fresh correlation id unless told otherwise', async () => {
    const { store, runner } = setup();
    await runner.run(counter, 'counter-2', { type: 'Count', by: 1, max: 10 });
    await runner.run(
      counter,
      'counter-2',
      { type: 'Count', by: 1, max: 10 },
      {
        actor: { kind: 'worker', id: 'w1' },
        correlationId: 'job-7',
        causationId: 'event-3',
      },
    );
    const [first, second] = await store.readStream('counter-2');
    expect(first!.metadata.actor).toEqual({ kind: 'system', id: 'scrivo' });
    expect(first!.metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.metadata).toMatchObject({
      actor: { kind: 'worker', id: 'w1' },
      correlationId: 'job-7',
      causationId: 'event-3',
    });
  });

  it('folds old event shapes through the upcasters before deciding', async () => {
    const { store, runner } = setup();
    await store.append(
      'counter-3',
      [
        {
          type: 'Counted',
          data: {},
          schemaVersion: 1,
          metadata: {
            eventId: 'old',
            correlationId: 'c',
            causationId: null,
            actor: { kind: 'system', id: 'import' },
            occurredAt: '2025-01-01T00:00:00Z',
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    expect(await runner.state(counter, 'counter-3')).toEqual({ total: 1 });
    await expect(runner.run(counter, 'counter-3', { type: 'Count', by: 5, max: 5 })).rejects.toThrow('full');
  });

  it('runs a command from where the caller last saw the stream, on what others appended since', async () => {
    const { store, runner } = setup();
    const reads: (number | undefined)[] = [];
    const readStream = store.readStream.bind(store);
    store.readStream = async (streamId, options) => {
      reads.push(options?.fromRevision);
      return readStream(streamId, options);
    };
    const first = await runner.runFrom(counter, 'counter-4', { type: 'Count', by: 2, max: 5 }, {}, undefined);
    expect(first.standing).toMatchObject({ state: { total: 2 }, revision: 0 });
    // Another writer (another job worker) counts meanwhile: the standing is one event behind.
    await runner.run(counter, 'counter-4', { type: 'Count', by: 2, max: 5 });
    reads.length = 0;
    await expect(
      runner.runFrom(counter, 'counter-4', { type: 'Count', by: 2, max: 5 }, {}, first.standing),
    ).rejects.toThrow('full');
    expect(reads).toEqual([0]);
    const now = await runner.openedStanding(counter, 'counter-4', first.standing);
    const next = await runner.runFrom(counter, 'counter-4', { type: 'Count', by: 1, max: 5 }, {}, now);
    expect(next.standing).toMatchObject({ state: { total: 5 }, revision: 2 });
  });

  it('folds afresh a stream deleted and begun again since the caller last saw it', async () => {
    const { store, runner } = setup();
    const { standing } = await runner.runFrom(
      counter,
      'counter-5',
      { type: 'Count', by: 4, max: 5 },
      {},
      undefined,
    );
    await store.deleteStream('counter-5');
    await runner.run(counter, 'counter-5', { type: 'Count', by: 1, max: 5 });
    const { standing: after } = await runner.runFrom(
      counter,
      'counter-5',
      { type: 'Count', by: 3, max: 5 },
      {},
      standing,
    );
    expect(after.state).toEqual({ total: 4 });
  });
});
