import type { Decider } from '../kernel/decider';
import { NotFoundError } from '../kernel/errors';
import type { DeliveredEventName, WebhookDeliveryEvent } from './events';

/** When attempts are made: the first at once, then after `firstRetryMs`, doubling up to `maxDelayMs`, for `windowMs`. */
export interface RetryPolicy {
  readonly firstRetryMs: number;
  readonly maxDelayMs: number;
  /** No attempt is scheduled later than this after the delivery was scheduled (a day by default). */
  readonly windowMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  firstRetryMs: 30_000,
  maxDelayMs: 4 * 3_600_000,
  windowMs: 24 * 3_600_000,
};

/** When attempt `attempt + 1` is due after attempt `attempt` failed at `now`, or null when it is time to give up. */
export const nextAttemptAt = (
  policy: RetryPolicy,
  scheduledAt: string,
  attempt: number,
  now: string,
): string | null => {
  const delay = Math.min(policy.firstRetryMs * 2 ** (attempt - 1), policy.maxDelayMs);
  const next = Date.parse(now) + delay;
  return next - Date.parse(scheduledAt) > policy.windowMs ? null : new Date(next).toISOString();
};

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryState {
  readonly exists: boolean;
  readonly deliveryId: string;
  readonly webhookId: string;
  readonly userId: string;
  readonly event: DeliveredEventName | null;
  readonly body: string;
  readonly scheduledAt: string;
  readonly attempts: number;
  readonly status: DeliveryStatus;
  readonly nextAttemptAt: string | null;
}

export type WebhookDeliveryCommand =
  | {
      type: 'ScheduleDelivery';
      deliveryId: string;
      webhookId: string;
      userId: string;
      event: DeliveredEventName;
      body: string;
      now: string;
    }
  | {
      type: 'RecordAttempt';
      /** The attempt the sender made: a second sender recording the same attempt changes nothing. */
      attempt: number;
      ok: boolean;
      statusCode: number | null;
      error: string | null;
      durationMs: number;
      /** False when retrying is pointless (the webhook was deleted). */
      retry: boolean;
      policy: RetryPolicy;
      now: string;
    };

const initialState = (): WebhookDeliveryState => ({
  exists: false,
  deliveryId: '',
  webhookId: '',
  userId: '',
  event: null,
  body: '',
  scheduledAt: '',
  attempts: 0,
  status: 'pending',
  nextAttemptAt: null,
});

/** One event sent to one webhook: scheduled once, attempted until a 2xx or the retry window closes. */
export const webhookDeliveryDecider: Decider<
  WebhookDeliveryCommand,
  WebhookDeliveryEvent,
  WebhookDeliveryState
> = {
  initialState,
  decide(command, state) {
    if (command.type === 'ScheduleDelivery') {
      // Keyed by its cause: the reaction replayed after a crash finds it there.
      if (state.exists) return [];
      const { deliveryId, webhookId, userId, event, body, now } = command;
      return [
        {
          type: 'WebhookDeliveryScheduled',
          data: { deliveryId, webhookId, userId, event, body, scheduledAt: now },
        },
      ];
    }
    if (!state.exists) throw new NotFoundError('Webhook delivery', state.deliveryId);
    if (state.status !== 'pending' || command.attempt !== state.attempts + 1) return [];
    const next =
      command.ok || !command.retry
        ? null
        : nextAttemptAt(command.policy, state.scheduledAt, command.attempt, command.now);
    return [
      {
        type: 'WebhookDeliveryAttempted',
        data: {
          deliveryId: state.deliveryId,
          webhookId: state.webhookId,
          userId: state.userId,
          attempt: command.attempt,
          at: command.now,
          ok: command.ok,
          statusCode: command.statusCode,
          error: command.error,
          durationMs: command.durationMs,
          nextAttemptAt: next,
        },
      },
    ];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'WebhookDeliveryScheduled': {
        const d = event.data;
        return {
          ...state,
          exists: true,
          deliveryId: d.deliveryId,
          webhookId: d.webhookId,
          userId: d.userId,
          event: d.event,
          body: d.body,
          scheduledAt: d.scheduledAt,
          nextAttemptAt: d.scheduledAt,
        };
      }
      case 'WebhookDeliveryAttempted': {
        const d = event.data;
        return {
          ...state,
          attempts: d.attempt,
          status: deliveryStatus(d.ok, d.nextAttemptAt),
          nextAttemptAt: d.nextAttemptAt,
        };
      }
    }
  },
};

export const deliveryStatus = (ok: boolean, nextAttempt: string | null): DeliveryStatus =>
  ok ? 'delivered' : nextAttempt === null ? 'failed' : 'pending';
