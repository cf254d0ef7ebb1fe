import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../../api-keys/support/user-or-api-key.guard';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { CurrentUser } from '../../common/auth/guards';
import { SetWorkspaceRetentionCommand } from './retention.commands';

/** A workspace's retention policy (owner and admins, session or API key). */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class RetentionController {
  constructor(private readonly commands: CommandBus) {}

  @TsRestHandler(contract.workspaces.setRetention)
  setRetention(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(contract.workspaces.setRetention, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.commands.execute(
        new SetWorkspaceRetentionCommand(user, params.workspaceId, body.policy),
      ),
    }));
  }
}
