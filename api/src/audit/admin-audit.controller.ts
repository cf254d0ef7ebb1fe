import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UpsertAuditorCommand } from '../accounts/commands/auditor.commands';
import type { AuthenticatedAdmin } from '../common/auth/authenticated';
import { AdminGuard, CurrentAdmin } from '../common/auth/guards';
import { StaffDirectory } from '../accounts/support/staff-directory';
import { AuditorReads } from './auditor-reads';

const c = contract.adminAudit;

/** Admins create auditors and see what they read; they do not replay histories themselves. */
@Controller()
@UseGuards(AdminGuard)
export class AdminAuditController {
  constructor(
    private readonly commands: CommandBus,
    private readonly staff: StaffDirectory,
    private readonly auditors: AuditorReads,
  ) {}

  @TsRestHandler(c.listAuditors)
  list() {
    return tsRestHandler(c.listAuditors, async () => ({
      status: 200 as const,
      body: { auditors: await this.staff.auditors() },
    }));
  }

  @TsRestHandler(c.createAuditor)
  create(@CurrentAdmin() admin: AuthenticatedAdmin) {
    return tsRestHandler(c.createAuditor, async ({ body }) => {
      const { auditorId } = await this.commands.execute(
        new UpsertAuditorCommand(body.email, body.password, { kind: 'admin', adminId: admin.id }, 'create'),
      );
      const doc = await this.staff.auditor(auditorId);
      return {
        status: 201 as const,
        body: doc ?? {
          id: auditorId,
          email: body.email,
          createdAt: new Date().toISOString(),
          lastSignInAt: null,
        },
      };
    });
  }

  /** Read from the audit-log streams themselves (strongly consistent), newest first across auditors. */
  @TsRestHandler(c.auditReads)
  reads() {
    return tsRestHandler(c.auditReads, async ({ query }) => ({
      status: 200 as const,
      body: { reads: await this.auditors.reads(query.limit) },
    }));
  }
}
