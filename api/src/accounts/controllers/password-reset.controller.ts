import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import {
  RequestPasswordResetCommand,
  ResetPasswordCommand,
  ValidateResetTokenQuery,
} from '../commands/password-reset.commands';
import { AuthRateLimitGuard, RateLimit } from '../support/rate-limit';
import { AccountSessions } from '../support/sessions';

const c = contract.accounts;

@Controller()
@UseGuards(AuthRateLimitGuard)
export class PasswordResetController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly sessions: AccountSessions,
  ) {}

  @TsRestHandler(c.requestPasswordReset)
  @RateLimit('resetRequest')
  request() {
    return tsRestHandler(c.requestPasswordReset, async ({ body }) => {
      const message = await this.commands.execute(
        new RequestPasswordResetCommand(body.email, body.language, this.sessions.publicUrl),
      );
      return { status: 200 as const, body: { message } };
    });
  }

  @TsRestHandler(c.validatePasswordReset)
  @RateLimit('resetToken')
  validate() {
    return tsRestHandler(c.validatePasswordReset, async ({ body }) => {
      const { email } = await this.queries.execute(new ValidateResetTokenQuery(body.token));
      return { status: 200 as const, body: { valid: true as const, email } };
    });
  }

  @TsRestHandler(c.verifyPasswordReset)
  @RateLimit('resetToken')
  verify() {
    return tsRestHandler(c.verifyPasswordReset, async ({ body }) => {
      await this.commands.execute(new ResetPasswordCommand(body.token, body.newPassword));
      return {
        status: 200 as const,
        body: { success: true as const, message: 'Your password has been updated. You can now sign in.' },
      };
    });
  }
}
