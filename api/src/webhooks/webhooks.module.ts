import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { Clock, ReadModelStore } from '@scrivo/domain';
import { webhooksProjection } from '@scrivo/domain/webhooks';
import { registerErrorStatus } from '../common/api-error';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Projections } from '../infrastructure/projection-registry';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { BACKGROUND_STREAM_RUNNER, CLOCK, READ_MODELS } from '../infrastructure/tokens';
import { RecordingsModule } from '../recordings/recordings.module';
import { webhookCommandHandlers } from './commands/webhook.commands';
import { webhookQueryHandlers } from './queries/webhook.queries';
import { webhookDeliveriesReactor } from './reactors/webhook-deliveries.reactor';
import { WebhookDeliveryTimer } from './reactors/webhook-delivery-timer';
import { WebhookSender } from './support/webhook-sender';
import { WebhooksController } from './webhooks.controller';

registerErrorStatus('WEBHOOK_LIMIT', 409);

/**
 * Webhooks: the Developer section's routes, the reactor that turns transcription events into deliveries, and
 * the timer that sends them (where the projections run).
 */
@Module({
  imports: [RecordingsModule],
  controllers: [WebhooksController],
  providers: [...webhookCommandHandlers, ...webhookQueryHandlers],
})
export class WebhooksModule implements OnModuleInit {
  constructor(
    private readonly projections: Projections,
    @Inject(BACKGROUND_STREAM_RUNNER) private readonly background: StreamRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  onModuleInit(): void {
    this.projections.register(webhooksProjection);
    // Reactions write through the background runner: they must not wait for the read models (and so themselves).
    this.projections.registerReactors(webhookDeliveriesReactor({ runner: this.background }));
    this.projections.registerTimers(
      () =>
        new WebhookDeliveryTimer({
          runner: this.background,
          readModels: this.readModels,
          clock: this.clock,
          sender: new WebhookSender({
            allowPrivate: this.config.SCRIVO_WEBHOOKS_ALLOW_PRIVATE,
            timeoutMs: this.config.SCRIVO_WEBHOOK_TIMEOUT_MS,
          }),
          policy: {
            firstRetryMs: this.config.SCRIVO_WEBHOOK_FIRST_RETRY_MS,
            maxDelayMs: 4 * 3_600_000,
            windowMs: 24 * 3_600_000,
          },
          logger: this.logger,
          intervalMs: this.config.SCRIVO_WEBHOOK_DELIVERY_INTERVAL_MS,
        }),
    );
  }
}
