import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { Request, Response } from 'express';
import { OptionalUserGuard } from '../../common/auth/guards';
import type { AuthenticatedRequest } from '../../common/auth/authenticated';
import { ApiError } from '../../common/api-error';
import { GetUserQuery, CheckUserExistsQuery } from '../commands/account.commands';
import { RegisterUserCommand } from '../commands/register.command';
import { PasswordSignInCommand } from '../commands/sign-in.commands';
import { SendVerificationCodeCommand, VerifyEmailCodeCommand } from '../commands/verification.commands';
import { AuthRateLimitGuard, RateLimit } from '../support/rate-limit';
import { AccountSessions } from '../support/sessions';

const c = contract.accounts;

/** Sign-up, email verification, sign-in, sign-out and the current user (spec section 7). */
@Controller()
@UseGuards(AuthRateLimitGuard)
export class AccountsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly sessions: AccountSessions,
  ) {}

  @TsRestHandler(c.currentUser)
  @UseGuards(OptionalUserGuard)
  currentUser(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.currentUser, async () => {
      if (!req.user) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
      return {
        status: 200 as const,
        body: await this.queries.execute(new GetUserQuery(req.user.id)),
      };
    });
  }

  @TsRestHandler(c.login)
  @RateLimit('login')
  login(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return tsRestHandler(c.login, async ({ body }) => {
      const userId = await this.commands.execute(new PasswordSignInCommand(body.email, body.password));
      await this.sessions.start(req, res, 'user', userId);
      return {
        status: 200 as const,
        body: await this.queries.execute(new GetUserQuery(userId)),
      };
    });
  }

  @TsRestHandler(c.checkUserExists)
  @RateLimit('checkUserExists')
  checkUserExists() {
    return tsRestHandler(c.checkUserExists, async ({ body }) => ({
      status: 200 as const,
      body: {
        exists: await this.queries.execute(new CheckUserExistsQuery(body.email)),
      },
    }));
  }

  @TsRestHandler(c.sendVerification)
  @RateLimit('sendVerification')
  sendVerification() {
    return tsRestHandler(c.sendVerification, async ({ body }) => {
      await this.commands.execute(new SendVerificationCodeCommand(body.email, body.language));
      return { status: 200 as const, body: { success: true as const, message: 'Verification code sent' } };
    });
  }

  @TsRestHandler(c.resendVerification)
  @RateLimit('sendVerification')
  resendVerification() {
    return tsRestHandler(c.resendVerification, async ({ body }) => {
      await this.commands.execute(new SendVerificationCodeCommand(body.email, body.language));
      return {
        status: 200 as const,
        body: { success: true as const, message: 'New verification code sent' },
      };
    });
  }

  @TsRestHandler(c.verifyEmailCode)
  @RateLimit('verifyCode')
  verifyEmailCode() {
    return tsRestHandler(c.verifyEmailCode, async ({ body }) => {
      await this.commands.execute(new VerifyEmailCodeCommand(body.email, body.code));
      return { status: 200 as const, body: { success: true as const, message: 'Email verified' } };
    });
  }

  @TsRestHandler(c.register)
  @RateLimit('register')
  register(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return tsRestHandler(c.register, async ({ body }) => {
      const result = await this.commands.execute(new RegisterUserCommand(body));
      const user = await this.queries.execute(new GetUserQuery(result.userId));
      if (!result.verified) {
        return {
          status: 202 as const,
          body: { user, redirectTo: `/signin?email=${encodeURIComponent(user.email)}` },
        };
      }
      await this.sessions.start(req, res, 'user', result.userId);
      return { status: 201 as const, body: { user, redirectTo: '/plan-selection' } };
    });
  }

  @TsRestHandler(c.logout)
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return tsRestHandler(c.logout, async () => {
      await this.sessions.end(req, res, 'user');
      return { status: 200 as const, body: { success: true as const, message: 'Signed out' } };
    });
  }
}
