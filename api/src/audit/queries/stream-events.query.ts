import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { StreamEventsPage } from '@scrivo/contracts';
import { streamKindOf } from '@scrivo/domain/audit';
import type { AuthenticatedAuditor } from '../../common/auth/authenticated';
import { AuditTrail } from '../audit-trail';
import { StreamReader, toAuditEvent } from '../stream-reader';

export class StreamEventsQuery extends Query<StreamEventsPage> {
  constructor(
    readonly auditor: AuthenticatedAuditor,
    readonly streamId: string,
    readonly from: number,
    readonly limit: number,
  ) {
    super();
  }
}

/**
 * One page of a stream: read by revision range, so the first page of a 10,000-event recording costs what a
 * 100-event one does (the store reads by stream and revision; nothing is folded here).
 */
@QueryHandler(StreamEventsQuery)
export class StreamEventsHandler implements IQueryHandler<StreamEventsQuery> {
  constructor(
    private readonly reader: StreamReader,
    private readonly trail: AuditTrail,
  ) {}

  async execute({ auditor, streamId, from, limit }: StreamEventsQuery): Promise<StreamEventsPage> {
    await this.trail.record(auditor, 'events', streamId, `from=${from}`);
    const [total, events] = await Promise.all([
      this.reader.total(streamId),
      this.reader.read(streamId, { fromRevision: from, maxCount: limit }),
    ]);
    const next = from + events.length;
    return {
      streamId,
      kind: streamKindOf(streamId)?.kind ?? null,
      total,
      from,
      events: events.map(toAuditEvent),
      nextFrom: next < total ? next : null,
    };
  }
}
