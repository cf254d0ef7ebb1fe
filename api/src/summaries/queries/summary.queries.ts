import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Summary } from '@scrivo/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { RecordingAccess } from '../../recordings/support/recording-access';
import { SummaryAccess } from '../support/summary-access';

export class GetSummaryQuery extends Query<Summary> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSummaryQuery)
export class GetSummaryHandler implements IQueryHandler<GetSummaryQuery> {
  constructor(
    private readonly recordings: RecordingAccess,
    private readonly summaries: SummaryAccess,
  ) {}

  async execute({ user, recordingId }: GetSummaryQuery): Promise<Summary> {
    const recording = await this.recordings.owned(user, recordingId, 'read');
    return this.summaries.view(await this.recordings.payer(user, recording), recordingId);
  }
}

export const summaryQueryHandlers = [GetSummaryHandler];
