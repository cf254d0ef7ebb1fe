import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { Request, Response } from 'express';
import { AccountSessions } from '../accounts/support/sessions';
import { AuthRateLimiter, tooManyAttempts } from '../accounts/support/rate-limit';
import { ApiError } from '../common/api-error';
import type { AuthenticatedRequest, AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser, UserGuard, UserResolver } from '../common/auth/guards';
import { DeleteAccountCommand, SendDeletionCodeCommand } from './delete-account.command';
import { ErasedAccounts } from './erased-accounts';

const c = contract.privacy;

/** Delete my account (/data-privacy, /account). */
@Controller()
export class PrivacyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly limiter: AuthRateLimiter,
    private readonly sessions: AccountSessions,
    private readonly resolver: UserResolver,
    private readonly erased: ErasedAccounts,
  ) {}

  @TsRestHandler(c.deleteAccount)
  @UseGuards(UserGuard)
  deleteAccount(
    @CurrentUser() user: AuthenticatedUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return tsRestHandler(c.deleteAccount, async ({ body }) => {
      const wait = await this.limiter.hit('passwordCheck', req.ip ?? 'unknown', user.email);
      if (wait !== null) {
        res.setHeader('Retry-After', String(wait));
        throw tooManyAttempts(wait);
      }
      await this.commands.execute(new DeleteAccountCommand(user.id, body));
      await this.sessions.end(req, res, 'user');
      return {
        status: 200 as const,
        body: {
          success: true as const,
          message:
            'Your account has been deleted. Your recordings, their media and transcripts are being erased.',
        },
      };
    });
  }

  @TsRestHandler(c.sendDeletionCode)
  @UseGuards(UserGuard)
  sendDeletionCode(
    @CurrentUser() user: AuthenticatedUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return tsRestHandler(c.sendDeletionCode, async () => {
      const wait = await this.limiter.hit('sendVerification', req.ip ?? 'unknown', user.email);
      if (wait !== null) {
        res.setHeader('Retry-After', String(wait));
        throw tooManyAttempts(wait);
      }
      await this.commands.execute(new SendDeletionCodeCommand(user.id));
      return {
        status: 200 as const,
        body: { success: true as const, message: 'We emailed you a code. It is valid for 10 minutes.' },
      };
    });
  }

  /** Admins and auditors alike (a user is 403): when and by whom, never what the account held. */
  @TsRestHandler(c.erasedAccounts)
  erasedAccounts(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.erasedAccounts, async () => {
      const staff = (await this.resolver.resolveAdmin(req)) ?? (await this.resolver.resolveAuditor(req));
      if (!staff) {
        if (await this.resolver.resolve(req))
          throw new ApiError(403, 'FORBIDDEN', 'This area is for administrators and auditors only.');
        throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in as an administrator or an auditor.');
      }
      const docs = await this.erased.latest();
      return {
        status: 200 as const,
        body: {
          items: docs.map((d) => ({
            userId: d.id,
            requestedAt: d.requestedAt,
            requestedBy: d.requestedBy,
            erasedAt: d.erasedAt,
          })),
        },
      };
    });
  }
}
