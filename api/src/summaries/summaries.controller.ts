import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { CancelSummaryCommand, EditSummaryCommand, RequestSummaryCommand } from './commands/summary.commands';
import { GetSummaryQuery } from './queries/summary.queries';
import { ChangeSummarySettingsCommand, GetSummarySettingsQuery } from './commands/summary-settings.commands';

const s = contract.summaries;

/** A recording's summary: read, request, cancel, edit (session or API key). */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class SummariesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @TsRestHandler(s.settings)
  settings(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.settings, async () => ({
      status: 200 as const,
      body: await this.queries.execute(new GetSummarySettingsQuery(user)),
    }));
  }

  @TsRestHandler(s.changeSettings)
  changeSettings(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.changeSettings, async ({ body }) => ({
      status: 200 as const,
      body: await this.commands.execute(new ChangeSummarySettingsCommand(user, body.autoSummarize)),
    }));
  }

  @TsRestHandler(s.get)
  get(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.get, async ({ params }) => ({
      status: 200 as const,
      body: await this.queries.execute(new GetSummaryQuery(user, params.id)),
    }));
  }

  @TsRestHandler(s.request)
  request(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.request, async ({ params, body }) => ({
      status: 202 as const,
      body: await this.commands.execute(new RequestSummaryCommand(user, params.id, body)),
    }));
  }

  @TsRestHandler(s.cancel)
  cancel(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.cancel, async ({ params }) => ({
      status: 200 as const,
      body: await this.commands.execute(new CancelSummaryCommand(user, params.id)),
    }));
  }

  @TsRestHandler(s.edit)
  edit(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.edit, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.commands.execute(new EditSummaryCommand(user, params.id, body)),
    }));
  }
}
