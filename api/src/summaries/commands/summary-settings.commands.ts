import {
  Command,
  CommandHandler,
  type ICommandHandler,
  Query,
  QueryHandler,
  type IQueryHandler,
} from '@nestjs/cqrs';
import type { SummarySettings } from '@scrivo/contracts';
import { summarySettingsDecider, summarySettingsStream } from '@scrivo/domain/summaries';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { SummaryAccess } from '../support/summary-access';

export class GetSummarySettingsQuery extends Query<SummarySettings> {
  constructor(readonly user: AuthenticatedUser) {
    super();
  }
}

@QueryHandler(GetSummarySettingsQuery)
export class GetSummarySettingsHandler implements IQueryHandler<GetSummarySettingsQuery> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly summaries: SummaryAccess,
  ) {}

  async execute({ user }: GetSummarySettingsQuery): Promise<SummarySettings> {
    const { autoSummarize } = await this.runner.state(summarySettingsDecider, summarySettingsStream(user.id));
    return { autoSummarize, planAllows: this.summaries.planAllows(user) };
  }
}

export class ChangeSummarySettingsCommand extends Command<SummarySettings> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly autoSummarize: boolean,
  ) {
    super();
  }
}

@CommandHandler(ChangeSummarySettingsCommand)
export class ChangeSummarySettingsHandler implements ICommandHandler<ChangeSummarySettingsCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly summaries: SummaryAccess,
  ) {}

  async execute({ user, autoSummarize }: ChangeSummarySettingsCommand): Promise<SummarySettings> {
    // Turning it off is always allowed (a plan that lapsed keeps no switch it cannot use).
    if (autoSummarize) this.summaries.assertPlanAllows(user);
    const { state } = await this.runner.run(
      summarySettingsDecider,
      summarySettingsStream(user.id),
      { type: 'ChangeSummarySettings', userId: user.id, autoSummarize, now: this.runner.now() },
      { actor: { kind: 'user', id: user.id } },
    );
    return { autoSummarize: state.autoSummarize, planAllows: this.summaries.planAllows(user) };
  }
}

export const summarySettingsHandlers = [GetSummarySettingsHandler, ChangeSummarySettingsHandler];
