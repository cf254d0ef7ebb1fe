import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@scrivo/domain';
import { type AuditorReadStream, AuditStreams } from '@scrivo/domain/audit';
import { StaffDirectory } from '../accounts/support/staff-directory';
import { EVENT_STORE } from '../infrastructure/tokens';

const isRead = (data: unknown): data is AuditorReadStream['data'] =>
  typeof data === 'object' && data !== null && 'auditorId' in data && 'view' in data;

/** What each auditor read, for the admins who answer for them. */
@Injectable()
export class AuditorReads {
  constructor(
    private readonly staff: StaffDirectory,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  /** Read from the audit-log streams themselves (strongly consistent), newest first across auditors. */
  async reads(limit: number) {
    const perAuditor = await Promise.all(
      (await this.staff.auditors()).map((a) =>
        this.events.readStream(AuditStreams.log(a.id), { direction: 'backwards', maxCount: limit }),
      ),
    );
    return perAuditor
      .flat()
      .flatMap((e) => (isRead(e.data) ? [{ eventId: e.metadata.eventId, ...e.data }] : []))
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, limit);
  }
}
