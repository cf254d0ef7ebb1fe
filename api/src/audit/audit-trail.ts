import { Inject, Injectable } from '@nestjs/common';
import type { Clock, EventStore, Ids, UpcasterRegistry } from '@scrivo/domain';
import { type AuditorReadStream, AuditStreams, type AuditView } from '@scrivo/domain/audit';
import type { AuthenticatedAuditor } from '../common/auth/authenticated';
import { currentRequest } from '../common/request-context';
import { CLOCK, EVENT_STORE, IDS, UPCASTERS } from '../infrastructure/tokens';

/**
 * Records every auditor read on the auditor's own `audit-log-{auditorId}` stream. Appended without a decider
 * (a read has no rule to refuse it) and with no expected revision, so two tabs reading at once never conflict,
 * and before the answer leaves: a read that could not be recorded is not served.
 */
@Injectable()
export class AuditTrail {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(UPCASTERS) private readonly upcasters: UpcasterRegistry,
  ) {}

  async record(
    auditor: AuthenticatedAuditor,
    view: AuditView,
    streamId: string | null,
    query: string | null = null,
  ): Promise<void> {
    const at = this.clock.now().toISOString();
    const request = currentRequest();
    const event: AuditorReadStream = {
      type: 'AuditorReadStream',
      data: { auditorId: auditor.id, auditorEmail: auditor.email, streamId, view, query, at },
    };
    await this.events.append(
      AuditStreams.log(auditor.id),
      [
        {
          ...event,
          schemaVersion: this.upcasters.currentVersion(event.type),
          metadata: {
            eventId: this.ids.next(),
            correlationId: request?.correlationId ?? this.ids.next(),
            causationId: request?.requestId ?? null,
            actor: { kind: 'auditor', id: auditor.id },
            occurredAt: at,
          },
        },
      ],
      { expectedRevision: 'any' },
    );
  }
}
