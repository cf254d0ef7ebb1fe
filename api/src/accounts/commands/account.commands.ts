import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { User } from '@scrivo/contracts';
import { type Clock, type ReadModelStore } from '@scrivo/domain';
import {
  AccountStreams,
  type Language,
  type PaymentProvider,
  type PlanId,
  USERS,
  type UserDoc,
} from '@scrivo/domain/accounts';
import { ApiError } from '../../common/api-error';
import { Projections } from '../../infrastructure/projection-registry';
import { CLOCK, READ_MODELS } from '../../infrastructure/tokens';
import { AccountStreamsService } from '../support/account-streams';
import { toUserView } from '../support/user-view';
import { PAYMENT_PROVIDER } from '../tokens';

export class GetUserQuery {
  constructor(readonly userId: string) {}
}

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery, User> {
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

export class CheckUserExistsQuery {
  constructor(readonly email: string) {}
}

@QueryHandler(CheckUserExistsQuery)
export class CheckUserExistsHandler implements IQueryHandler<CheckUserExistsQuery, boolean> {
  constructor(private readonly streams: AccountStreamsService) {}

  async execute({ email }: CheckUserExistsQuery): Promise<boolean> {
    const userId = await this.streams.userIdByEmail(email);
    return userId ? (await this.streams.loadUser(userId)).exists : false;
  }
}

export class UpdateProfileCommand {
  constructor(
    readonly userId: string,
    readonly changes: { firstName?: string; lastName?: string; language?: Language },
  ) {}
}

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, void> {
  constructor(
    private readonly streams: AccountStreamsService,
    private readonly projections: Projections,
  ) {}

  async execute({ userId, changes }: UpdateProfileCommand): Promise<void> {
    const result = await this.streams.users.handle(
      AccountStreams.user(userId),
      { type: 'UpdateProfile', ...changes, at: this.streams.now() },
      this.streams.context({ kind: 'user', id: userId }),
    );
    await this.projections.waitFor(result.lastPosition);
  }
}

/** Sets the plan directly. Only for Free, or once a payment provider has confirmed a paid plan. */
export class SetPlanCommand {
  constructor(
    readonly userId: string,
    readonly plan: PlanId,
  ) {}
}

@CommandHandler(SetPlanCommand)
export class SetPlanHandler implements ICommandHandler<SetPlanCommand, void> {
  constructor(
    private readonly streams: AccountStreamsService,
    private readonly projections: Projections,
  ) {}

  async execute({ userId, plan }: SetPlanCommand): Promise<void> {
    const result = await this.streams.users.handle(
      AccountStreams.user(userId),
      { type: 'ChangePlan', plan, at: this.streams.now() },
      this.streams.context(),
    );
    await this.projections.waitFor(result.lastPosition);
  }
}

export class ChoosePlanCommand {
  constructor(
    readonly user: { id: string; email: string },
    readonly plan: PlanId,
  ) {}
}

/** What the plan page asks for: Free at once; a paid plan only through the payment provider's checkout. */
@CommandHandler(ChoosePlanCommand)
export class ChoosePlanHandler implements ICommandHandler<ChoosePlanCommand, { checkoutUrl: string | null }> {
  constructor(
    private readonly setPlan: SetPlanHandler,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
  ) {}

  async execute({ user, plan }: ChoosePlanCommand): Promise<{ checkoutUrl: string | null }> {
    if (plan === 'free') {
      await this.setPlan.execute(new SetPlanCommand(user.id, 'free'));
      return { checkoutUrl: null };
    }
    const { checkoutUrl } = await this.payments.startCheckout({ userId: user.id, email: user.email, plan });
    return { checkoutUrl };
  }
}
