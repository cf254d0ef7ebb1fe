import type { RecordedEvent } from '@scrivo/domain';
import { describe, expect, it } from 'vitest';
import { resubscribing, type ServerSubscription } from './resubscribing-subscription';

const event = (globalPosition: number): RecordedEvent => ({
  streamId: 's-1',
  type: 'Happened',
  schemaVersion: 1,
  data: { n: globalPosition },
  metadata: {
    eventId: `e-${globalPosition}`,
    correlationId: 'c',
    causationId: null,
    actor: { kind: 'system', id: 'test' },
    occurredAt: new Date(0).toISOString(),
  },
  streamRevision: globalPosition,
  globalPosition,
});

/**
 * A server that holds events 0..9 and drops every connection after `dropAfter` deliveries, as a restarting
 * EventStoreDB would: each new subscription starts from the position it is asked for.
 */
const flakyServer = (dropAfter: number) => {
  const opened: number[] = [];
  const open = (after: number): ServerSubscription => {
    opened.push(after);
    let closed = false;
    let hangUp: () => void = () => undefined;
    return {
      events: (async function* () {
        let sent = 0;
        for (let p = after + 1; p < 10; p += 1) {
          if (closed) return;
          if (sent === dropAfter) throw new Error('connection reset');
          sent += 1;
          yield { event: event(p), more: p < 9 };
        }
        // Caught up: wait for appends that never come, until the subscription is closed (as unsubscribe does).
        if (!closed) await new Promise<void>((resolve) => (hangUp = resolve));
      })(),
      close: async () => {
        closed = true;
        hangUp();
      },
    };
  };
  return { open, opened };
};

describe('a subscription that survives dropped connections (EventStoreDB)', () => {
  it('resubscribes from the last handled event: nothing skipped, nothing twice', async () => {
    const server = flakyServer(3);
    const seen: number[] = [];
    const drops: number[] = [];
    const subscription = resubscribing(
      server.open,
      { after: -1, onEvent: async (e) => void seen.push(e.globalPosition) },
      { initialDelayMs: 1, onDrop: (_, attempt) => drops.push(attempt) },
    );
    await expect.poll(() => seen.length, { timeout: 2000 }).toBe(10);
    await subscription.stop();
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(server.opened).toEqual([-1, 2, 5, 8]);
    expect(drops).toEqual([1, 1, 1]);
  });

  it('stops and reports when the handler fails, without resubscribing', async () => {
    const server = flakyServer(100);
    const errors: unknown[] = [];
    const subscription = resubscribing(server.open, {
      after: -1,
      onEvent: async (e) => {
        if (e.globalPosition === 4) throw new Error('projection bug');
      },
      onError: (error) => errors.push(error),
    });
    await expect.poll(() => errors.length, { timeout: 2000 }).toBe(1);
    expect(String(errors[0])).toContain('projection bug');
    expect(server.opened).toEqual([-1]);
    await subscription.stop();
  });

  it('backs off while the server stays down, and stop() ends the wait at once', async () => {
    let attempts = 0;
    const subscription = resubscribing(
      () => {
        attempts += 1;
        return {
          events: (async function* () {
            yield* [];
            throw new Error('connection refused');
          })(),
          close: async () => undefined,
        };
      },
      { after: 5, onEvent: async () => undefined },
      { initialDelayMs: 20, maxDelayMs: 80 },
    );
    await new Promise((r) => setTimeout(r, 300));
    // 20 + 40 + 80 + 80 ms of waiting fit in 300 ms: a handful of attempts, not a busy loop.
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect(attempts).toBeLessThanOrEqual(7);
    const started = Date.now();
    await subscription.stop();
    expect(Date.now() - started).toBeLessThan(50);
  });
});
