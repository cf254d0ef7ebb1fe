import {
  EventStoreDBClient,
  type JSONType,
  type PersistentSubscriptionToAllResolvedEvent,
} from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';
import { SequentialIds } from '@scrivo/domain';
import { jobDecider, type JobState } from '@scrivo/domain/jobs';
import { describe, expect, it } from 'vitest';
import { EventStoreDbEventStore, toEsdbEvent } from '../events/eventstoredb-event-store';
import {
  announcedJob,
  EventStoreDbJobQueue,
  JOB_ANNOUNCEMENTS,
  jobGroupSettings,
  nextStep,
} from './eventstoredb-job-queue';
import { jobQueueConformance } from './job-queue.conformance';

const url = process.env.EVENTSTORE_URL;

// Runs against a real EventStoreDB 22.10+ when EVENTSTORE_URL is set (e.g.
// `esdb://localhost:2113?tls=false`); no server can run on this machine, so here the suite is skipped and the
// pure parts are specified below.
describe.skipIf(!url)('EventStoreDbJobQueue on EventStoreDB', () => {
  jobQueueConformance('EventStoreDbJobQueue (persistent subscription)', {
    leaseMs: 30_000,
    deliveryMs: 20_000,
    async create(clock) {
      const group = `scrivo-jobs-test-${randomUUID()}`;
      const open = (name: string) => {
        const client = EventStoreDBClient.connectionString(url!);
        const events = new EventStoreDbEventStore(client);
        // A short real-time message timeout: the suite's leases run on a manual clock, re-offers on the server's.
        const queue = new EventStoreDbJobQueue({
          client,
          events,
          clock,
          ids: new SequentialIds(name),
          leaseMs: 30_000,
          group,
          messageTimeoutMs: 1_000,
          from: 'end',
        });
        return { client, queue };
      };
      const a = open('a');
      const b = open('b');
      return {
        a: a.queue,
        b: b.queue,
        async close() {
          await a.queue.close();
          await b.queue.close();
          await a.client.deletePersistentSubscriptionToAll(group).catch(() => undefined);
          await a.client.dispose();
          await b.client.dispose();
        },
      };
    },
  });
});
if (!url) {
  describe('EventStoreDbJobQueue on EventStoreDB', () => {
    it.skip('conformance: EVENTSTORE_URL not set (no EventStoreDB server can run on this machine)', () => {});
  });
}

const state = (overrides: Partial<JobState>): JobState => ({
  ...jobDecider.initialState(),
  jobId: 'j1',
  kind: 'transcription',
  maxAttempts: 3,
  ...overrides,
});
const at = (iso: string) => Date.parse(iso);

describe('what a worker does with a job announcement it holds', () => {
  const now = at('2026-05-01T09:00:00.000Z');

  it('claims a pending job at once, or when its backoff is over', () => {
    expect(nextStep(state({ status: 'pending', availableAt: null }), now)).toEqual({ kind: 'claim' });
    expect(nextStep(state({ status: 'pending', availableAt: '2026-05-01T08:59:59.000Z' }), now)).toEqual({
      kind: 'claim',
    });
    expect(nextStep(state({ status: 'pending', availableAt: '2026-05-01T09:01:00.000Z' }), now)).toEqual({
      kind: 'wait',
      until: at('2026-05-01T09:01:00.000Z'),
    });
  });

  it('waits for a running job until its lease runs out, then takes it over', () => {
    const running = state({ status: 'running', workerId: 'w1', leaseExpiresAt: '2026-05-01T09:00:30.000Z' });
    expect(nextStep(running, now)).toEqual({ kind: 'wait', until: at('2026-05-01T09:00:30.000Z') });
    expect(nextStep(running, at('2026-05-01T09:00:30.000Z'))).toEqual({ kind: 'claim' });
  });

  it('acknowledges jobs that are over for good', () => {
    for (const status of ['completed', 'dead', 'cancelled'] as const)
      expect(nextStep(state({ status }), now)).toEqual({ kind: 'settle' });
  });

  it('looks again shortly at a job announced but not readable yet', () => {
    expect(nextStep(state({ status: 'none' }), now)).toEqual({ kind: 'wait', until: now + 1_000 });
  });
});

describe('job announcements', () => {
  const delivered = (
    type: string,
    data: Record<string, unknown>,
  ): PersistentSubscriptionToAllResolvedEvent => {
    const written = toEsdbEvent({
      type,
      data,
      schemaVersion: 1,
      metadata: {
        eventId: randomUUID(),
        correlationId: 'c',
        causationId: null,
        actor: { kind: 'worker', id: 'job-queue' },
        occurredAt: '2026-05-01T09:00:00.000Z',
      },
    });
    return {
      event: {
        streamId: 'job-j1',
        id: written.id,
        isJson: true,
        revision: 0n,
        type: written.type,
        created: new Date('2026-05-01T09:00:00.000Z'),
        data: JSON.parse(JSON.stringify(written.data)) as JSONType,
        metadata: JSON.parse(JSON.stringify(written.metadata)) as JSONType,
        position: { commit: 10n, prepare: 10n },
      },
      commitPosition: 10n,
      retryCount: 0,
    };
  };

  it('reads the job a JobRequested announces', () => {
    const requested = {
      jobId: 'j1',
      kind: 'transcription',
      subjectId: 'rec-1',
      ownerId: 'user-1',
      payload: { language: 'fr' },
      maxAttempts: 3,
      requestedAt: '2026-05-01T09:00:00.000Z',
    };
    expect(announcedJob(delivered('JobRequested', requested))).toEqual(requested);
  });

  it('ignores anything else the group may deliver', () => {
    expect(announcedJob(delivered('JobClaimed', { jobId: 'j1' }))).toBeNull();
    expect(announcedJob(delivered('$metadata', {}))).toBeNull();
  });

  it('subscribes to JobRequested only', () => {
    expect(JOB_ANNOUNCEMENTS).toMatchObject({ filterOn: 'eventType', regex: '^JobRequested$' });
  });
});

describe('the consumer group', () => {
  it('re-offers an unacknowledged announcement after the message timeout, practically without limit', () => {
    const settings = jobGroupSettings({ messageTimeoutMs: 30_000, from: 'start' });
    expect(settings).toMatchObject({
      startFrom: 'start',
      messageTimeout: 30_000,
      consumerStrategyName: 'RoundRobin',
    });
    expect(settings.maxRetryCount).toBeGreaterThanOrEqual(10_000);
  });

  it('starts at the end when asked (tests on a shared server)', () => {
    expect(jobGroupSettings({ messageTimeoutMs: 1_000, from: 'end' }).startFrom).toBe('end');
  });
});
