import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Moment, StreamStateAnswer } from '@scrivo/contracts';
import { toDomainEvent, type UpcasterRegistry } from '@scrivo/domain';
import { stateAtStep } from '@scrivo/domain/audit';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedAuditor } from '../../common/auth/authenticated';
import { UPCASTERS } from '../../infrastructure/tokens';
import { AuditTrail } from '../audit-trail';
import { StreamReader, toAuditEvent } from '../stream-reader';

export class StreamStateQuery extends Query<StreamStateAnswer> {
  constructor(
    readonly auditor: AuthenticatedAuditor,
    readonly streamId: string,
    readonly step: number,
  ) {
    super();
  }
}

/**
 * Time travel: the events up to the step, upcast as every reader sees them, folded by the stream's own decider
 * (`evolve` from `initialState`), with the state before the step and what the step changed.
 */
@QueryHandler(StreamStateQuery)
export class StreamStateHandler implements IQueryHandler<StreamStateQuery> {
  constructor(
    private readonly reader: StreamReader,
    private readonly trail: AuditTrail,
    @Inject(UPCASTERS) private readonly upcasters: UpcasterRegistry,
  ) {}

  async execute({ auditor, streamId, step }: StreamStateQuery): Promise<StreamStateAnswer> {
    await this.trail.record(auditor, 'state', streamId, `step=${step}`);
    const [total, prefix] = await Promise.all([
      this.reader.total(streamId),
      this.reader.read(streamId, { fromRevision: 0, maxCount: step + 1 }),
    ]);
    const event = prefix[step];
    if (!event) throw new ApiError(404, 'STEP_NOT_FOUND', `The stream has no event at step ${step}.`);
    const at = stateAtStep(
      streamId,
      prefix.map((e) => toDomainEvent(this.upcasters.upcast(e))),
    );
    const moment: Moment | null = at.moment;
    return {
      streamId,
      kind: at.kind,
      step,
      total,
      folded: at.folded,
      event: toAuditEvent(event),
      state: at.state,
      previous: at.previous,
      changes: [...at.changes],
      moment,
    };
  }
}
