import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';
import { CurrentUser } from '../common/auth/guards';
import { CreateShareLinkCommand, RevokeShareLinkCommand } from './commands/share-link.commands';
import { ListShareLinksQuery } from './queries/share-link.queries';

const s = contract.shareLinks;

/** The owner's side: create, list and revoke the links of one of their recordings (session or API key). */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class ShareLinksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @TsRestHandler(s.create)
  create(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.create, async ({ params, body }) => ({
      status: 201 as const,
      body: await this.commands.execute(new CreateShareLinkCommand(user, params.id, body)),
    }));
  }

  @TsRestHandler(s.list)
  list(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.list, async ({ params }) => ({
      status: 200 as const,
      body: await this.queries.execute(new ListShareLinksQuery(user, params.id)),
    }));
  }

  @TsRestHandler(s.revoke)
  revoke(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.revoke, async ({ params }) => ({
      status: 200 as const,
      body: await this.commands.execute(new RevokeShareLinkCommand(user, params.id, params.linkId)),
    }));
  }
}
