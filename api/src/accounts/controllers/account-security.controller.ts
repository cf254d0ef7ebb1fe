import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { Request, Response } from 'express';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { CurrentUser, UserGuard } from '../../common/auth/guards';
import {
  ChangePasswordCommand,
  type CurrentSession,
  ListSessionsQuery,
  RevokeSessionCommand,
} from '../commands/account-security.commands';
import { AuthRateLimiter, tooManyAttempts } from '../support/rate-limit';
import { sessionCookieOf } from '../support/session-cookies';

const c = contract.privacy;

const currentSession = (req: Request, user: AuthenticatedUser): CurrentSession => ({
  userId: user.id,
  cookieValue: sessionCookieOf(req, 'user'),
});

/** The account page's security section: password and the sessions signed in to the account. */
@Controller()
@UseGuards(UserGuard)
export class AccountSecurityController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly limiter: AuthRateLimiter,
  ) {}

  @TsRestHandler(c.changePassword)
  changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return tsRestHandler(c.changePassword, async ({ body }) => {
      // Asking for the current password again is a guessing oracle for whoever holds a signed-in browser.
      const wait = await this.limiter.hit('passwordCheck', req.ip ?? 'unknown', user.email);
      if (wait !== null) {
        res.setHeader('Retry-After', String(wait));
        throw tooManyAttempts(wait);
      }
      const { signedOutSessions } = await this.commands.execute(
        new ChangePasswordCommand(currentSession(req, user), body.currentPassword, body.newPassword),
      );
      return { status: 200 as const, body: { success: true as const, signedOutSessions } };
    });
  }

  @TsRestHandler(c.listSessions)
  listSessions(@CurrentUser() user: AuthenticatedUser, @Req() req: Request) {
    return tsRestHandler(c.listSessions, async () => ({
      status: 200 as const,
      body: { sessions: await this.queries.execute(new ListSessionsQuery(currentSession(req, user))) },
    }));
  }

  @TsRestHandler(c.revokeSession)
  revokeSession(@CurrentUser() user: AuthenticatedUser, @Req() req: Request) {
    return tsRestHandler(c.revokeSession, async ({ params }) => ({
      status: 200 as const,
      body: {
        revoked: await this.commands.execute(
          new RevokeSessionCommand(user.id, params.id, sessionCookieOf(req, 'user')),
        ),
      },
    }));
  }

  @TsRestHandler(c.revokeOtherSessions)
  revokeOthers(@CurrentUser() user: AuthenticatedUser, @Req() req: Request) {
    return tsRestHandler(c.revokeOtherSessions, async () => ({
      status: 200 as const,
      body: {
        revoked: await this.commands.execute(
          new RevokeSessionCommand(user.id, null, sessionCookieOf(req, 'user')),
        ),
      },
    }));
  }
}
