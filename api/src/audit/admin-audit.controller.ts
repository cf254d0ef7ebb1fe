import { Controller, Inject, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import type { EventStore, ReadModelStore } from '@scrivo/domain';
import { AUDITORS, type AuditorDoc } from '@scrivo/domain/accounts';
import { type AuditorReadStream, AuditStreams } from '@scrivo/domain/audit';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UpsertAuditorCommand } from '../accounts/commands/auditor.commands';
import type { AuthenticatedAdmin } from '../common/auth/authenticated';
import { AdminGuard, CurrentAdmin } from '../common/auth/guards';
import { EVENT_STORE, READ_MODELS } from '../infrastructure/tokens';

const c = contract.adminAudit;

const isRead = (data: unknown): data is AuditorReadStream['data'] =>
  typeof data === 'object' && data !== null && 'auditorId' in data && 'view' in data;

/** Admins create auditors and see what they read; they do not replay histories themselves. */
@Controller()
@UseGuards(AdminGuard)
export class AdminAuditController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  private auditors() {
    return this.readModels
      .collection<AuditorDoc>(AUDITORS)
      .find({}, { sort: [{ field: 'email', direction: 'asc' }] });
  }

  @TsRestHandler(c.listAuditors)
  list() {
    return tsRestHandler(c.listAuditors, async () => ({
      status: 200 as const,
      body: { auditors: await this.auditors() },
    }));
  }

  @TsRestHandler(c.createAuditor)
  create(@CurrentAdmin() admin: AuthenticatedAdmin) {
    return tsRestHandler(c.createAuditor, async ({ body }) => {
      const { auditorId } = await this.commands.execute(
        new UpsertAuditorCommand(body.email, body.password, { kind: 'admin', adminId: admin.id }, 'create'),
      );
      const doc = await this.readModels.collection<AuditorDoc>(AUDITORS).get(auditorId);
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
    return tsRestHandler(c.auditReads, async ({ query }) => {
      const perAuditor = await Promise.all(
        (await this.auditors()).map((a) =>
          this.events.readStream(AuditStreams.log(a.id), { direction: 'backwards', maxCount: query.limit }),
        ),
      );
      const reads = perAuditor
        .flat()
        .flatMap((e) => (isRead(e.data) ? [{ eventId: e.metadata.eventId, ...e.data }] : []))
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, query.limit);
      return { status: 200 as const, body: { reads } };
    });
  }
}
