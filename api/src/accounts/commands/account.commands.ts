import { StreamRunner } from '../../infrastructure/stream-runner';
import { Inject } from '@nestjs/common';
import {
  Command,
  CommandHandler,
  type ICommandHandler,
  type IQueryHandler,
  Query,
  QueryHandler,
} from '@nestjs/cqrs';
import type { User } from '@scrivo/contracts';
import { type Clock, type ReadModelStore } from '@scrivo/domain';
import {
  AccountStreams,
  type Language,
  type PlanId,
  USERS,
  type UserDoc,
  userAccountDecider,
  EmailStreamNames,
} from '@scrivo/domain/accounts';
import { ApiError } from '../../common/api-error';
import { CLOCK, READ_MODELS } from '../../infrastructure/tokens';
import { loadUser, userIdByEmail } from '../support/account-lookups';
import { toUserView } from '../support/user-view';

export class GetUserQuery extends Query<User> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId }: GetUserQuery): Promise<User> {
    const doc = await this.readModels.collection<UserDoc>(USERS).get(userId);
    if (!doc) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
    return toUserView(doc, this.clock.now());
  }
}

export class CheckUserExistsQuery extends Query<boolean> {
  constructor(readonly email: string) {
    super();
  }
}

@QueryHandler(CheckUserExistsQuery)
export class CheckUserExistsHandler implements IQueryHandler<CheckUserExistsQuery> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly emails: EmailStreamNames,
  ) {}

  async execute({ email }: CheckUserExistsQuery): Promise<boolean> {
    const userId = await userIdByEmail(this.runner, this.emails, email);
    return userId ? (await loadUser(this.runner, userId)).exists : false;
  }
}

export class UpdateProfileCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly changes: { firstName?: string; lastName?: string; language?: Language },
  ) {
    super();
  }
}

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand> {
  constructor(private readonly runner: StreamRunner) {}

  async execute({ userId, changes }: UpdateProfileCommand): Promise<void> {
    await this.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      { type: 'UpdateProfile', ...changes, at: this.runner.now() },
      { actor: { kind: 'user', id: userId } },
    );
  }
}

/** Sets the plan directly. Only for Free, or once a payment provider has confirmed a paid plan. */
export class SetPlanCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly plan: PlanId,
  ) {
    super();
  }
}

@CommandHandler(SetPlanCommand)
export class SetPlanHandler implements ICommandHandler<SetPlanCommand> {
  constructor(private readonly runner: StreamRunner) {}

  async execute({ userId, plan }: SetPlanCommand): Promise<void> {
    await this.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      { type: 'ChangePlan', plan, at: this.runner.now() },
      {},
    );
  }
}
