import {
  Command,
  CommandHandler,
  type ICommandHandler,
  type IQueryHandler,
  Query,
  QueryHandler,
} from '@nestjs/cqrs';
import type { PersonalRetention, RetentionPolicy } from '@scrivo/contracts';
import { personalRetentionDecider, personalRetentionStream } from '@scrivo/domain/workspaces';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { StreamRunner } from '../../infrastructure/stream-runner';

export class SetPersonalRetentionCommand extends Command<PersonalRetention> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly policy: RetentionPolicy | null,
  ) {
    super();
  }
}

@CommandHandler(SetPersonalRetentionCommand)
export class SetPersonalRetentionHandler implements ICommandHandler<SetPersonalRetentionCommand> {
  constructor(private readonly runner: StreamRunner) {}

  async execute({ user, policy }: SetPersonalRetentionCommand): Promise<PersonalRetention> {
    const stream = personalRetentionStream(user.id);
    await this.runner.run(personalRetentionDecider, stream, {
      type: 'SetPersonalRetention',
      userId: user.id,
      policy,
      now: this.runner.now(),
    });
    return { policy: (await this.runner.state(personalRetentionDecider, stream)).policy };
  }
}

export class ShowPersonalRetentionQuery extends Query<PersonalRetention> {
  constructor(readonly user: AuthenticatedUser) {
    super();
  }
}

/** Read from the person's own stream: one small stream, and the answer right after a change. */
@QueryHandler(ShowPersonalRetentionQuery)
export class ShowPersonalRetentionHandler implements IQueryHandler<ShowPersonalRetentionQuery> {
  constructor(private readonly runner: StreamRunner) {}

  async execute({ user }: ShowPersonalRetentionQuery): Promise<PersonalRetention> {
    const state = await this.runner.state(personalRetentionDecider, personalRetentionStream(user.id));
    return { policy: state.policy };
  }
}
