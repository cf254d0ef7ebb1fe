import { Injectable } from '@nestjs/common';
import { type AuditView, AuditStreams, auditLogDecider } from '@scrivo/domain/audit';
import type { AuthenticatedAuditor } from '../common/auth/authenticated';
import { StreamRunner } from '../infrastructure/stream-runner';

/**
 * Records every auditor read on the auditor's own `audit-log-{auditorId}` stream, before the answer leaves: a read
 * that could not be recorded is not served. The log's decider needs no history, so two tabs reading at once never
 * conflict and a long log is not read back on every look.
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly runner: StreamRunner) {}

  async record(
    auditor: AuthenticatedAuditor,
    view: AuditView,
    streamId: string | null,
    query: string | null = null,
  ): Promise<void> {
    await this.runner.record(
      auditLogDecider,
      AuditStreams.log(auditor.id),
      {
        type: 'RecordAuditorRead',
        auditorId: auditor.id,
        auditorEmail: auditor.email,
        streamId,
        view,
        query,
        now: this.runner.now(),
      },
      { actor: { kind: 'auditor', id: auditor.id } },
    );
  }
}
