import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../../api-keys/support/user-or-api-key.guard';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { CurrentUser } from '../../common/auth/guards';
import { SetPersonalRetentionCommand, ShowPersonalRetentionQuery } from './personal-retention.commands';
import { SetWorkspaceRetentionCommand } from './retention.commands';

/** A workspace's retention policy (owner and admins), and a person's for their own space; session or API key. */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class RetentionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @TsRestHandler(contract.workspaces.setRetention)
  setRetention(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(contract.workspaces.setRetention, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.commands.execute(
        new SetWorkspaceRetentionCommand(user, params.workspaceId, body.policy),
      ),
    }));
  }

  @TsRestHandler(contract.retention.get)
  personalRetention(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(contract.retention.get, async () => ({
      status: 200 as const,
      body: await this.queries.execute(new ShowPersonalRetentionQuery(user)),
    }));
  }

  @TsRestHandler(contract.retention.set)
  setPersonalRetention(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(contract.retention.set, async ({ body }) => ({
      status: 200 as const,
      body: await this.commands.execute(new SetPersonalRetentionCommand(user, body.policy)),
    }));
  }
}
