import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../../common/auth/authenticated';
import { UserResolver } from '../../common/auth/guards';
import { AuditorSignInCommand } from '../commands/auditor.commands';
import { AuthRateLimitGuard, RateLimit } from '../support/rate-limit';
import { AccountSessions } from '../support/sessions';
import { StaffDirectory } from '../support/staff-directory';

const c = contract.audit;

/** Auditor sign-in, with its own session cookie (scrivo_auditor_session): never an admin's or a user's. */
@Controller()
@UseGuards(AuthRateLimitGuard)
export class AuditorAuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sessions: AccountSessions,
    private readonly resolver: UserResolver,
    private readonly staff: StaffDirectory,
  ) {}

  @TsRestHandler(c.login)
  @RateLimit('auditorLogin')
  login(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return tsRestHandler(c.login, async ({ body }) => {
      const auditorId = await this.commands.execute(new AuditorSignInCommand(body.username, body.password));
      if (!auditorId) return { status: 401 as const, body: { success: false, error: 'Invalid credentials' } };
      await this.sessions.start(req, res, 'auditor', auditorId);
      const doc = await this.staff.auditor(auditorId);
      return {
        status: 200 as const,
        body: { success: true, ...(doc ? { auditor: { id: doc.id, email: doc.email } } : {}) },
      };
    });
  }

  @TsRestHandler(c.checkAuth)
  checkAuth(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.checkAuth, async () => {
      const auditor = await this.resolver.resolveAuditor(req);
      return {
        status: 200 as const,
        body: auditor ? { isAuthenticated: true, auditor } : { isAuthenticated: false },
      };
    });
  }

  @TsRestHandler(c.logout)
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return tsRestHandler(c.logout, async () => {
      await this.sessions.end(req, res, 'auditor');
      return { status: 200 as const, body: { success: true } };
    });
  }
}
