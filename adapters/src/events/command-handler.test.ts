import {
  CommandHandler,
  type CommandContext,
  ConcurrencyError,
  type Decider,
  DomainError,
  type EventStore,
  ManualClock,
  NotFoundError,
  SequentialIds,
  UpcasterRegistry,
} from '@scrivo/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newEvent } from './event-store.conformance';
import { SqliteEventStore } from './sqlite-event-store';

// A small transcription-job decider: a job is requested, claimed by one worker, then gets segments.
type JobEvent =
  | { type: 'JobRequested'; data: { recordingId: string; language: string } }
  | { type: 'JobClaimed'; data: { workerId: string } }
  | { type: 'SegmentTranscribed'; data: { text: string } };
type JobCommand =
  | { type: 'RequestJob'; data: { recordingId: string; language: string } }
  | { type: 'ClaimJob'; data: { workerId: string } }
  | { type: 'AddSegment'; data: { text: string } };
type JobState =
  | { status: 'none' }
  | { status: 'queued'; language: string }
  | { status: 'claimed'; language: string; workerId: string; segments: number };

const job: Decider<JobCommand, JobEvent, JobState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'JobRequested':
        return { status: 'queued', language: event.data.language };
      case 'JobClaimed':
        return state.status === 'none'
          ? state
          : { ...state, status: 'claimed', workerId: event.data.workerId, segments: 0 };
      case 'SegmentTranscribed':
        return state.status === 'claimed' ? { ...state, segments: state.segments + 1 } : state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RequestJob':
        if (state.status !== 'none') throw new DomainError('JOB_EXISTS', 'The job was already requested');
        return [{ type: 'JobRequested', data: command.data }];
      case 'ClaimJob':
        if (state.status === 'none') throw new NotFoundError('Job', 'unknown');
        if (state.status === 'claimed') {
          if (state.workerId === command.data.workerId) return [];
          throw new DomainError('ALREADY_CLAIMED', `Claimed by ${state.workerId}`);
        }
        return [{ type: 'JobClaimed', data: command.data }];
      case 'AddSegment':
        if (state.status !== 'claimed') throw new DomainError('NOT_CLAIMED', 'Claim the job first');
        return [{ type: 'SegmentTranscribed', data: command.data }];
    }
  },
};

/**
 * The real SQLite store, plus "another writer" that appends right after the handler has read the stream and
 * before it appends: the only way to produce a genuine optimistic-concurrency conflict deterministically.
 */
class StoreWithCompetingWriter implements EventStore {
  readonly competitors: (() => Promise<unknown>)[] = [];
  reads = 0;
  appendAttempts = 0;
  constructor(readonly inner: SqliteEventStore) {}
  async readStream(...args: Parameters<EventStore['readStream']>) {
    const events = await this.inner.readStream(...args);
    this.reads += 1;
    const competitor = this.competitors.shift();
    if (competitor) await competitor();
    return events;
  }
  append(...args: Parameters<EventStore['append']>) {
    this.appendAttempts += 1;
    return this.inner.append(...args);
  }
  readAll(...args: Parameters<EventStore['readAll']>) {
    return this.inner.readAll(...args);
  }
  subscribeToAll(...args: Parameters<EventStore['subscribeToAll']>) {
    return this.inner.subscribeToAll(...args);
  }
  deleteStream(streamId: string) {
    return this.inner.deleteStream(streamId);
  }
  headPosition() {
    return this.inner.headPosition();
  }
  close() {
    return this.inner.close();
  }
}

const context: CommandContext = {
  actor: { kind: 'worker', id: 'worker-a' },
  correlationId: 'request-42',
  causationId: 'command-7',
};

describe('CommandHandler (against the embedded SQLite event store)', () => {
  let store: StoreWithCompetingWriter;
  let clock: ManualClock;
  let handler: CommandHandler<JobCommand, JobEvent, JobState>;
  const stream = 'job-1';

  beforeEach(() => {
    store = new StoreWithCompetingWriter(new SqliteEventStore({ path: ':memory:' }));
    clock = new ManualClock(new Date('2026-03-01T10:00:00.000Z'));
    handler = new CommandHandler(job, { store, clock, ids: new SequentialIds('evt') });
  });
  afterEach(() => store.close());

  const request = () =>
    handler.handle(stream, { type: 'RequestJob', data: { recordingId: 'rec-1', language: 'en' } }, context);
  const storedTypes = async () => (await store.inner.readStream(stream)).map((e) => e.type);

  it('loads the stream, decides and appends the new events, returning the new state and revision', async () => {
    const first = await request();
    expect(first.newEvents).toEqual([
      { type: 'JobRequested', data: { recordingId: 'rec-1', language: 'en' } },
    ]);
    expect(first.state).toEqual({ status: 'queued', language: 'en' });
    expect(first.revision).toBe(0);

    const second = await handler.handle(
      stream,
      { type: 'ClaimJob', data: { workerId: 'worker-a' } },
      context,
    );
    expect(second.state).toEqual({ status: 'claimed', language: 'en', workerId: 'worker-a', segments: 0 });
    expect(second.revision).toBe(1);
    const stored = await store.inner.readStream(stream);
    expect(stored.map((e) => e.type)).toEqual(['JobRequested', 'JobClaimed']);
    expect(second.lastPosition).toBe(stored[1]!.globalPosition);
  });

  it('refuses to request the same job twice', async () => {
    await request();
    await expect(request()).rejects.toMatchObject({ code: 'JOB_EXISTS' });
    expect(await storedTypes()).toEqual(['JobRequested']);
  });

  it('envelopes each event with correlation, causation, actor, occurredAt, a fresh id and the schema version', async () => {
    const upcasters = new UpcasterRegistry().register('JobRequested', 1, (data) => data);
    const versioned = new CommandHandler(job, { store, clock, ids: new SequentialIds('evt'), upcasters });
    await versioned.handle(
      stream,
      { type: 'RequestJob', data: { recordingId: 'rec-1', language: 'en' } },
      context,
    );
    clock.advance(1500);
    await versioned.handle(
      stream,
      { type: 'ClaimJob', data: { workerId: 'worker-a' } },
      {
        actor: { kind: 'system', id: 'scheduler' },
        correlationId: 'request-43',
      },
    );

    const [requested, claimed] = await store.inner.readStream(stream);
    expect(requested!.schemaVersion).toBe(2);
    expect(requested!.metadata).toEqual({
      eventId: 'evt-1',
      correlationId: 'request-42',
      causationId: 'command-7',
      actor: { kind: 'worker', id: 'worker-a' },
      occurredAt: '2026-03-01T10:00:00.000Z',
    });
    expect(claimed!.schemaVersion).toBe(1);
    expect(claimed!.metadata).toEqual({
      eventId: 'evt-2',
      correlationId: 'request-43',
      causationId: null,
      actor: { kind: 'system', id: 'scheduler' },
      occurredAt: '2026-03-01T10:00:01.500Z',
    });
  });

  it('reads stored events of an old schema version through the upcasters before deciding', async () => {
    // Written by an older release: v1 of JobRequested called the language `lang`.
    await store.inner.append(
      stream,
      [{ ...newEvent('JobRequested', { recordingId: 'rec-1', lang: 'de' }) }],
      {
        expectedRevision: 'no_stream',
      },
    );
    const upcasters = new UpcasterRegistry().register('JobRequested', 1, (data) => {
      const { lang, ...rest } = data as { lang: string; recordingId: string };
      return { ...rest, language: lang };
    });
    const versioned = new CommandHandler(job, { store, clock, ids: new SequentialIds('evt'), upcasters });
    const loaded = await versioned.load(stream);
    expect(loaded.state).toEqual({ status: 'queued', language: 'de' });
    expect(loaded.events[0]).toMatchObject({
      schemaVersion: 2,
      data: { recordingId: 'rec-1', language: 'de' },
    });
    expect(loaded.revision).toBe(0);
  });

  it('appends nothing when the decider decides nothing (an idempotent repeat)', async () => {
    await request();
    await handler.handle(stream, { type: 'ClaimJob', data: { workerId: 'worker-a' } }, context);
    const head = await store.headPosition();
    const repeat = await handler.handle(
      stream,
      { type: 'ClaimJob', data: { workerId: 'worker-a' } },
      context,
    );
    expect(repeat).toMatchObject({ newEvents: [], revision: 1, lastPosition: null });
    expect(await store.headPosition()).toBe(head);
  });

  it('lets a rule violation reach the caller and appends nothing', async () => {
    await expect(
      handler.handle(stream, { type: 'AddSegment', data: { text: 'hello' } }, context),
    ).rejects.toBeInstanceOf(DomainError);
    expect(await store.inner.readStream(stream)).toEqual([]);
    expect(store.appendAttempts).toBe(0);
  });

  it('on a conflict, decides again against the fresh state and appends after the other writer', async () => {
    await request();
    await handler.handle(stream, { type: 'ClaimJob', data: { workerId: 'worker-a' } }, context);
    // While we decide, another process adds a segment.
    store.competitors.push(() =>
      store.inner.append(stream, [newEvent('SegmentTranscribed', { text: 'first' })], {
        expectedRevision: 1,
      }),
    );
    const result = await handler.handle(stream, { type: 'AddSegment', data: { text: 'second' } }, context);
    expect(store.reads).toBe(4); // two commands above + the conflicting attempt + the retry
    expect(result.revision).toBe(3);
    expect(result.state).toMatchObject({ segments: 2 });
    expect((await store.inner.readStream(stream)).map((e) => e.data)).toEqual([
      { recordingId: 'rec-1', language: 'en' },
      { workerId: 'worker-a' },
      { text: 'first' },
      { text: 'second' },
    ]);
  });

  it('re-deciding can turn a conflict into a rule violation: two workers never both claim a job', async () => {
    await request();
    store.competitors.push(() =>
      handler.handle(stream, { type: 'ClaimJob', data: { workerId: 'worker-b' } }, context),
    );
    await expect(
      handler.handle(stream, { type: 'ClaimJob', data: { workerId: 'worker-a' } }, context),
    ).rejects.toMatchObject({ code: 'ALREADY_CLAIMED' });
    const claims = (await store.inner.readStream(stream)).filter((e) => e.type === 'JobClaimed');
    expect(claims.map((e) => e.data)).toEqual([{ workerId: 'worker-b' }]);
  });

  it('surfaces the ConcurrencyError after maxRetries retries when the stream keeps moving', async () => {
    const busy = new CommandHandler(job, { store, clock, ids: new SequentialIds('evt'), maxRetries: 2 });
    await request();
    await busy.handle(stream, { type: 'ClaimJob', data: { workerId: 'worker-a' } }, context);
    store.appendAttempts = 0;
    let revision = 1;
    const competitor = async () => {
      revision = (
        await store.inner.append(stream, [newEvent('SegmentTranscribed', { text: 'other' })], {
          expectedRevision: revision,
        })
      ).nextExpectedRevision;
    };
    store.competitors.push(competitor, competitor, competitor);
    const attempt = busy.handle(stream, { type: 'AddSegment', data: { text: 'mine' } }, context);
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(attempt).rejects.toMatchObject({ streamId: stream, expected: 3, actual: 4 });
    expect(store.appendAttempts).toBe(3); // the first attempt and two retries
    expect((await store.inner.readStream(stream)).map((e) => e.data)).not.toContainEqual({ text: 'mine' });
  });
});
