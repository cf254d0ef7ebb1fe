import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  AccountStreams,
  type BillingNotice,
  type BillingPeriod,
  billingPortalCustomer,
  type PaymentProvider,
  type PlanId,
  type UserAccountCommand,
  userAccountDecider,
} from '@scrivo/domain/accounts';
import { ROOT_LOGGER, type RootLogger } from '../../common/logger';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { loadUser } from '../support/account-lookups';
import { paymentsHere } from '../support/payments.factory';
import { PAYMENT_PROVIDER } from '../tokens';

export class ChoosePlanCommand extends Command<{ checkoutUrl: string | null }> {
  constructor(
    readonly user: { id: string; email: string },
    readonly plan: PlanId,
    readonly billingPeriod: BillingPeriod,
  ) {
    super();
  }
}

/**
 * What the plan page asks for, decided by the account (ChoosePlan): Free at once; a paid plan only through the
 * payment provider's checkout, the plan changing when its signed webhook confirms the payment. A user who already
 * has a subscription manages it in the provider's portal instead (choosing Free there would not stop the billing).
 */
@CommandHandler(ChoosePlanCommand)
export class ChoosePlanHandler implements ICommandHandler<ChoosePlanCommand> {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user, plan, billingPeriod }: ChoosePlanCommand): Promise<{ checkoutUrl: string | null }> {
    const { state } = await this.runner.run(userAccountDecider, AccountStreams.user(user.id), {
      type: 'ChoosePlan',
      plan,
      payments: paymentsHere(this.payments, this.config),
      at: this.runner.now(),
    });
    if (plan === 'free') return { checkoutUrl: null };
    const base = this.config.SCRIVO_PUBLIC_URL;
    const { checkoutUrl } = await this.payments.startCheckout({
      userId: user.id,
      email: user.email,
      plan,
      billingPeriod,
      customerId: state.subscription?.customerId ?? null,
      successUrl: `${base}/account?checkout=done`,
      cancelUrl: `${base}/plan-selection?checkout=cancelled`,
    });
    return { checkoutUrl };
  }
}

export class OpenBillingPortalCommand extends Command<{ url: string }> {
  constructor(readonly userId: string) {
    super();
  }
}

@CommandHandler(OpenBillingPortalCommand)
export class OpenBillingPortalHandler implements ICommandHandler<OpenBillingPortalCommand> {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId }: OpenBillingPortalCommand): Promise<{ url: string }> {
    const customerId = billingPortalCustomer(
      await loadUser(this.runner, userId),
      paymentsHere(this.payments, this.config),
    );
    return this.payments.openBillingPortal({
      customerId,
      returnUrl: `${this.config.SCRIVO_PUBLIC_URL}/account`,
    });
  }
}

/** The decider's command for a notice, or null for one this server does not act on. */
const commandFor = (notice: BillingNotice, at: string): UserAccountCommand | null => {
  switch (notice.kind) {
    case 'subscription':
      return { type: 'SyncSubscription', providerEventId: notice.eventId, snapshot: notice.snapshot, at };
    case 'paid':
      return {
        type: 'RecordSubscriptionPaid',
        providerEventId: notice.eventId,
        subscriptionId: notice.subscriptionId,
        customerId: notice.customerId,
        plan: notice.plan,
        billingPeriod: notice.billingPeriod,
        periodStart: notice.periodStart,
        periodEnd: notice.periodEnd,
        asOf: notice.asOf,
        at,
      };
    case 'payment_failed':
      return {
        type: 'RecordSubscriptionPaymentFailed',
        providerEventId: notice.eventId,
        subscriptionId: notice.subscriptionId,
        failedAt: notice.failedAt,
        at,
      };
    case 'ignored':
      return null;
  }
};

export class ApplyBillingNoticeCommand extends Command<{ applied: boolean }> {
  constructor(readonly notice: BillingNotice) {
    super();
  }
}

/**
 * A verified webhook, applied to the user's stream through the decider. Safe to receive twice, and safe when
 * the process dies anywhere in here: until the append the stream holds nothing of it and the provider retries;
 * after it, the provider's event id is on the stream and the retry changes nothing. The emails a change owes its
 * owner (a failed payment's) are sent by the billing-emails workflow once it is recorded.
 */
@CommandHandler(ApplyBillingNoticeCommand)
export class ApplyBillingNoticeHandler implements ICommandHandler<ApplyBillingNoticeCommand> {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  async execute({ notice }: ApplyBillingNoticeCommand): Promise<{ applied: boolean }> {
    const command = commandFor(notice, this.runner.now());
    if (command === null || notice.kind === 'ignored') {
      this.logger.info(
        { eventId: notice.eventId, reason: notice.kind === 'ignored' ? notice.reason : '' },
        'billing notice ignored',
      );
      return { applied: false };
    }
    const stream = AccountStreams.user(notice.userId);
    const user = await loadUser(this.runner, notice.userId);
    if (!user.exists) {
      // Acknowledged: a notice about an account this server does not hold would be retried for days for nothing.
      this.logger.warn(
        { eventId: notice.eventId, userId: notice.userId },
        'billing notice for an unknown user',
      );
      return { applied: false };
    }
    const result = await this.runner.run(userAccountDecider, stream, command, {
      actor: { kind: 'system', id: 'payments' },
    });
    return { applied: result.newEvents.length > 0 };
  }
}
