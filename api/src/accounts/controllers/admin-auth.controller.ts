import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { Request, Response } from 'express';
import { UserResolver } from '../../common/auth/guards';
import type { AuthenticatedRequest } from '../../common/auth/authenticated';
import { AdminSignInCommand } from '../commands/admin.commands';
import { AuthRateLimitGuard, RateLimit } from '../support/rate-limit';
import { AccountSessions } from '../support/sessions';
import { StaffDirectory } from '../support/staff-directory';

const c = contract.accounts;

/** Support staff sign-in, with its own session cookie (scrivo_admin_session), separate from users'. */
@Controller()
@UseGuards(AuthRateLimitGuard)
export class AdminAuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sessions: AccountSessions,
    private readonly resolver: UserResolver,
    private readonly staff: StaffDirectory,
  ) {}

  @TsRestHandler(c.adminLogin)
  @RateLimit('adminLogin')
  login(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return tsRestHandler(c.adminLogin, async ({ body }) => {
      const adminId = await this.commands.execute(new AdminSignInCommand(body.username, body.password));
      if (!adminId) return { status: 401 as const, body: { success: false, error: 'Invalid credentials' } };
      await this.sessions.start(req, res, 'admin', adminId);
      const doc = await this.staff.admin(adminId);
      return {
        status: 200 as const,
        body: { success: true, ...(doc ? { admin: { id: doc.id, email: doc.email } } : {}) },
      };
    });
  }

  @TsRestHandler(c.adminCheckAuth)
  checkAuth(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.adminCheckAuth, async () => {
      const admin = await this.resolver.resolveAdmin(req);
      return {
        status: 200 as const,
        body: admin ? { isAuthenticated: true, admin } : { isAuthenticated: false },
      };
    });
  }

  @TsRestHandler(c.adminLogout)
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return tsRestHandler(c.adminLogout, async () => {
      await this.sessions.end(req, res, 'admin');
      return { status: 200 as const, body: { success: true as const, message: 'Signed out' } };
    });
  }
}
