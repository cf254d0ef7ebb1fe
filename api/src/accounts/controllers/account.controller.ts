import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { CurrentUser, UserGuard } from '../../common/auth/guards';
import { GetUserQuery, UpdateProfileCommand } from '../commands/account.commands';
import { ChoosePlanCommand, OpenBillingPortalCommand } from '../commands/billing.commands';

const c = contract.accounts;

/** The /account page: the signed-in user's own profile and plan (a user only ever reaches their own). */
@Controller()
@UseGuards(UserGuard)
export class AccountController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @TsRestHandler(c.getAccount)
  get(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(c.getAccount, async () => ({
      status: 200 as const,
      body: await this.queries.execute(new GetUserQuery(user.id)),
    }));
  }

  @TsRestHandler(c.updateAccount)
  update(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(c.updateAccount, async ({ body }) => {
      await this.commands.execute(new UpdateProfileCommand(user.id, body));
      return {
        status: 200 as const,
        body: await this.queries.execute(new GetUserQuery(user.id)),
      };
    });
  }

  @TsRestHandler(c.changePlan)
  changePlan(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(c.changePlan, async ({ body }) => {
      const { checkoutUrl } = await this.commands.execute(
        new ChoosePlanCommand(user, body.plan, body.billingPeriod ?? 'monthly'),
      );
      return {
        status: 200 as const,
        body: {
          user: await this.queries.execute(new GetUserQuery(user.id)),
          checkoutUrl,
        },
      };
    });
  }

  @TsRestHandler(c.openBillingPortal)
  openBillingPortal(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(c.openBillingPortal, async () => ({
      status: 200 as const,
      body: await this.commands.execute(new OpenBillingPortalCommand(user.id)),
    }));
  }
}
