import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser, UserGuard } from '../common/auth/guards';
import { CreateApiKeyCommand, RevokeApiKeyCommand } from './commands/api-key.commands';
import { ListApiKeysQuery } from './queries/api-key.queries';

const k = contract.apiKeys;

/** The Developer section's routes: the session only (UserGuard), so a key can never make or revoke keys. */
@Controller()
@UseGuards(UserGuard)
export class ApiKeysController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @TsRestHandler(k.list)
  list(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(k.list, async () => ({
      status: 200 as const,
      body: await this.queries.execute(new ListApiKeysQuery(user)),
    }));
  }

  @TsRestHandler(k.create)
  create(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(k.create, async ({ body }) => ({
      status: 201 as const,
      body: await this.commands.execute(new CreateApiKeyCommand(user, body)),
    }));
  }

  @TsRestHandler(k.revoke)
  revoke(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(k.revoke, async ({ params }) => ({
      status: 200 as const,
      body: await this.commands.execute(new RevokeApiKeyCommand(user, params.keyId)),
    }));
  }
}
