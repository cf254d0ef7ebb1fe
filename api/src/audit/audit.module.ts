import { Module, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { correlationIndexProjection, streamIndexProjection } from '@scrivo/domain/audit';
import { AccountsModule } from '../accounts/accounts.module';
import { Projections } from '../infrastructure/projection-registry';
import { AdminAuditController } from './admin-audit.controller';
import { AuditorReads } from './auditor-reads';
import { AuditExportController } from './audit-export.controller';
import { AuditTrail } from './audit-trail';
import { AuditController } from './audit.controller';
import { AuditorsReadOnlyGuard } from './auditors-read-only.guard';
import { SearchStreamsHandler } from './queries/search-streams.query';
import { StreamEventsHandler } from './queries/stream-events.query';
import { StreamStateHandler } from './queries/stream-state.query';
import { StreamReader } from './stream-reader';

/**
 * Auditors replay any history from the event store, read-only, and every read they make is recorded
 * (docs/audit.md). Auditor accounts and sign-in live with the other accounts (api/src/accounts).
 */
@Module({
  imports: [AccountsModule],
  controllers: [AuditController, AuditExportController, AdminAuditController],
  providers: [
    AuditorReads,
    { provide: APP_GUARD, useClass: AuditorsReadOnlyGuard },
    AuditTrail,
    StreamReader,
    SearchStreamsHandler,
    StreamEventsHandler,
    StreamStateHandler,
  ],
})
export class AuditModule implements OnModuleInit {
  constructor(private readonly projections: Projections) {}

  onModuleInit(): void {
    this.projections.register(streamIndexProjection, correlationIndexProjection);
  }
}
