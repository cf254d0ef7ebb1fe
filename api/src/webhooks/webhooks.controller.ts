import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser, UserGuard } from '../common/auth/guards';
import {
  CreateWebhookCommand,
  DeleteWebhookCommand,
  SendTestWebhookCommand,
} from './commands/webhook.commands';
import { ListWebhookDeliveriesQuery, ListWebhooksQuery } from './queries/webhook.queries';

const w = contract.webhooks;

/** The Developer section's webhook routes: the session only (UserGuard), like the API key routes. */
@Controller()
@UseGuards(UserGuard)
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @TsRestHandler(w.list)
  list(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.list, async () => ({
      status: 200 as const,
      body: await this.queries.execute(new ListWebhooksQuery(user)),
    }));
  }

  @TsRestHandler(w.create)
  create(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.create, async ({ body }) => ({
      status: 201 as const,
      body: await this.commands.execute(new CreateWebhookCommand(user, body)),
    }));
  }

  @TsRestHandler(w.remove)
  remove(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.remove, async ({ params }) => {
      await this.commands.execute(new DeleteWebhookCommand(user, params.webhookId));
      return { status: 204 as const, body: undefined };
    });
  }

  @TsRestHandler(w.deliveries)
  deliveries(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.deliveries, async ({ params }) => ({
      status: 200 as const,
      body: await this.queries.execute(new ListWebhookDeliveriesQuery(user, params.webhookId)),
    }));
  }

  @TsRestHandler(w.sendTest)
  sendTest(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.sendTest, async ({ params }) => ({
      status: 202 as const,
      body: await this.commands.execute(new SendTestWebhookCommand(user, params.webhookId)),
    }));
  }
}
