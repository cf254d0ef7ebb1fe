import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { CancelTranslationCommand, RequestTranslationCommand } from './commands/translation.commands';
import { GetTranslationQuery, ListTranslationsQuery } from './queries/translation.queries';

const t = contract.translations;

/** A recording's translations: list with what can be asked for, request, read one, cancel. */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class TranslationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @TsRestHandler(t.list)
  list(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(t.list, async ({ params }) => ({
      status: 200 as const,
      body: await this.queries.execute(new ListTranslationsQuery(user, params.id)),
    }));
  }

  @TsRestHandler(t.request)
  request(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(t.request, async ({ params, body }) => ({
      status: 202 as const,
      body: await this.commands.execute(new RequestTranslationCommand(user, params.id, body)),
    }));
  }

  @TsRestHandler(t.get)
  get(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(t.get, async ({ params }) => ({
      status: 200 as const,
      body: await this.queries.execute(new GetTranslationQuery(user, params.id, params.target)),
    }));
  }

  @TsRestHandler(t.cancel)
  cancel(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(t.cancel, async ({ params }) => ({
      status: 200 as const,
      body: await this.commands.execute(new CancelTranslationCommand(user, params.id, params.target)),
    }));
  }
}
