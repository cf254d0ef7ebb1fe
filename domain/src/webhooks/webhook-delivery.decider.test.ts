import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import type { WebhookDeliveryEvent } from './events';
import {
  DEFAULT_RETRY_POLICY,
  type WebhookDeliveryCommand,
  nextAttemptAt,
  webhookDeliveryDecider,
} from './webhook-delivery.decider';

const spec = DeciderSpecification.for(webhookDeliveryDecider);
const t0 = '2026-03-01T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(t0) + ms).toISOString();

const schedule: WebhookDeliveryCommand = {
  type: 'ScheduleDelivery',
  deliveryId: 'w1_e1',
  webhookId: 'w1',
  userId: 'u1',
  event: 'transcription.completed',
  body: '{"id":"w1_e1"}',
  now: t0,
};
const scheduled: WebhookDeliveryEvent = {
  type: 'WebhookDeliveryScheduled',
  data: {
    deliveryId: 'w1_e1',
    webhookId: 'w1',
    userId: 'u1',
    event: 'transcription.completed',
    body: '{"id":"w1_e1"}',
    scheduledAt: t0,
  },
};
const attempt = (
  n: number,
  ok: boolean,
  now: string,
): Extract<WebhookDeliveryCommand, { type: 'RecordAttempt' }> => ({
  type: 'RecordAttempt',
  attempt: n,
  ok,
  statusCode: ok ? 200 : 500,
  error: ok ? null : 'HTTP 500',
  durationMs: 12,
  retry: true,
  policy: DEFAULT_RETRY_POLICY,
  now,
});
const attempted = (n: number, ok: boolean, now: string, next: string | null): WebhookDeliveryEvent => ({
  type: 'WebhookDeliveryAttempted',
  data: {
    deliveryId: 'w1_e1',
    webhookId: 'w1',
    userId: 'u1',
    attempt: n,
    at: now,
    ok,
    statusCode: ok ? 200 : 500,
    error: ok ? null : 'HTTP 500',
    durationMs: 12,
    nextAttemptAt: next,
  },
});

describe('a webhook delivery', () => {
  it('is scheduled once per cause: the replayed reaction finds it there', () => {
    spec.given([]).when(schedule).then([scheduled]);
    spec.given([scheduled]).when(schedule).then([]);
  });

  it('is done after a 2xx', () =>
    spec
      .given([scheduled])
      .when(attempt(1, true, t0))
      .then([attempted(1, true, t0, null)]));

  it('is tried again after a failure, 30 s later, then twice as long each time', () => {
    spec
      .given([scheduled])
      .when(attempt(1, false, t0))
      .then([attempted(1, false, t0, at(30_000))]);
    const first = attempted(1, false, t0, at(30_000));
    spec
      .given([scheduled, first])
      .when(attempt(2, false, at(30_000)))
      .then([attempted(2, false, at(30_000), at(90_000))]);
  });

  it('records each attempt once, whoever else sent it too', () =>
    spec
      .given([scheduled, attempted(1, false, t0, at(30_000))])
      .when(attempt(1, false, t0))
      .then([]));

  it('gives up when no retry fits into the day after it was scheduled', () => {
    const late = at(23 * 3_600_000);
    expect(nextAttemptAt(DEFAULT_RETRY_POLICY, t0, 12, late)).toBeNull();
    spec
      .given([scheduled, ...Array.from({ length: 11 }, (_, i) => attempted(i + 1, false, t0, at(60_000)))])
      .when(attempt(12, false, late))
      .then([attempted(12, false, late, null)]);
  });

  it('stops at once when retrying is pointless (the webhook is gone)', () =>
    spec
      .given([scheduled])
      .when({ ...attempt(1, false, t0), retry: false })
      .then([attempted(1, false, t0, null)]));

  it('spreads its attempts over about a day by default', () => {
    let now = t0;
    let tries = 1;
    for (let next = nextAttemptAt(DEFAULT_RETRY_POLICY, t0, 1, now); next; tries++) {
      now = next;
      next = nextAttemptAt(DEFAULT_RETRY_POLICY, t0, tries + 1, now);
    }
    expect(Date.parse(now) - Date.parse(t0)).toBeGreaterThan(20 * 3_600_000);
    expect(tries).toBeLessThan(20);
  });
});
