import { Controller, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { AuthenticatedAuditor } from '../common/auth/authenticated';
import { AuditorGuard, CurrentAuditor } from '../common/auth/guards';
import { SearchStreamsQuery } from './queries/search-streams.query';
import { StreamEventsQuery } from './queries/stream-events.query';
import { StreamStateQuery } from './queries/stream-state.query';

const c = contract.audit;

/** The auditor's reads (AuditorGuard: 401 anonymous, 403 users and admins). Each one is recorded first. */
@Controller()
@UseGuards(AuditorGuard)
export class AuditController {
  constructor(private readonly queries: QueryBus) {}

  @TsRestHandler(c.search)
  search(@CurrentAuditor() auditor: AuthenticatedAuditor) {
    return tsRestHandler(c.search, async ({ query }) => ({
      status: 200 as const,
      body: await this.queries.execute(
        new SearchStreamsQuery(auditor, query.by, query.q, query.kind || undefined),
      ),
    }));
  }

  @TsRestHandler(c.events)
  events(@CurrentAuditor() auditor: AuthenticatedAuditor) {
    return tsRestHandler(c.events, async ({ query }) => ({
      status: 200 as const,
      body: await this.queries.execute(
        new StreamEventsQuery(auditor, query.streamId, query.from, query.limit),
      ),
    }));
  }

  @TsRestHandler(c.state)
  state(@CurrentAuditor() auditor: AuthenticatedAuditor) {
    return tsRestHandler(c.state, async ({ query }) => ({
      status: 200 as const,
      body: await this.queries.execute(new StreamStateQuery(auditor, query.streamId, query.step)),
    }));
  }
}
