import type { Actor, Clock, ReadModelStore } from '@scrivo/domain';
import {
  type RetryPolicy,
  WEBHOOK_DELIVERIES_COLLECTION,
  type WebhookDeliveryDoc,
  webhookDeliveryDecider,
  webhookDeliveryStream,
  webhooksDecider,
  webhooksStream,
} from '@scrivo/domain/webhooks';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import { PeriodicWork } from '../../infrastructure/periodic-work';
import type { WorkerLogger } from '../../jobs/worker-logger';
import type { SendResult, WebhookSender } from '../support/webhook-sender';

const actor: Actor = { kind: 'system', id: 'webhooks' };
const BATCH = 50;
/** Deliveries sent side by side, so one slow receiver does not hold up the others for its whole timeout. */
const PARALLEL = 8;

/**
 * Sends the deliveries that are due, from the due list the webhooks projection keeps, and records each
 * attempt as an event (which schedules the next one or ends the delivery). Runs where the projections run (one
 * process). The delivery's own stream is the truth: a due-list entry that is stale is skipped, and an attempt
 * two senders both make is recorded once. A crash between sending and recording sends that attempt again:
 * delivery is at least once, and receivers deduplicate by the delivery id.
 */
export class WebhookDeliveryTimer extends PeriodicWork {
  constructor(
    private readonly deps: {
      readonly runner: StreamRunner;
      readonly readModels: ReadModelStore;
      readonly clock: Clock;
      readonly sender: WebhookSender;
      readonly policy: RetryPolicy;
      readonly logger: WorkerLogger;
      readonly intervalMs: number;
    },
  ) {
    super({
      intervalMs: deps.intervalMs,
      run: async () => {
        await this.sendDue();
      },
      onError: (error) =>
        deps.logger.error({ err: error }, 'webhook deliveries failed; trying again at the next tick'),
    });
  }

  /** Sends what is due now; resolves with how many attempts it made. */
  async sendDue(): Promise<number> {
    const now = this.deps.clock.now().toISOString();
    const due = await this.deps.readModels
      .collection<WebhookDeliveryDoc>(WEBHOOK_DELIVERIES_COLLECTION)
      .find(
        { status: 'pending', dueAt: { $lte: now } },
        { sort: [{ field: 'dueAt', direction: 'asc' }], limit: BATCH },
      );
    let attempts = 0;
    for (let i = 0; i < due.length; i += PARALLEL) {
      const made = await Promise.all(due.slice(i, i + PARALLEL).map((doc) => this.attempt(doc.id)));
      attempts += made.filter(Boolean).length;
    }
    return attempts;
  }

  private async attempt(deliveryId: string): Promise<boolean> {
    const stream = webhookDeliveryStream(deliveryId);
    const state = await this.deps.runner.state(webhookDeliveryDecider, stream);
    const now = this.deps.clock.now();
    if (!state.exists || state.status !== 'pending' || !state.event) return false;
    if (state.nextAttemptAt && Date.parse(state.nextAttemptAt) > now.getTime()) return false;
    const { endpoints } = await this.deps.runner.state(webhooksDecider, webhooksStream(state.userId));
    const endpoint = endpoints.find((e) => e.webhookId === state.webhookId);
    const attempt = state.attempts + 1;
    const result: SendResult = endpoint
      ? await this.deps.sender.send(
          {
            url: endpoint.url,
            secret: endpoint.secret,
            body: state.body,
            deliveryId,
            event: state.event,
            attempt,
          },
          now,
        )
      : { ok: false, statusCode: null, error: 'The webhook was deleted.', durationMs: 0 };
    await this.deps.runner.run(
      webhookDeliveryDecider,
      stream,
      {
        type: 'RecordAttempt',
        attempt,
        ...result,
        retry: endpoint !== undefined,
        policy: this.deps.policy,
        now: this.deps.clock.now().toISOString(),
      },
      { actor },
    );
    if (!result.ok)
      this.deps.logger.info(
        { deliveryId, attempt, statusCode: result.statusCode, error: result.error },
        'webhook delivery attempt failed',
      );
    return true;
  }
}
