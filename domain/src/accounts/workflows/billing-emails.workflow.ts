import type { DomainEvent } from '../../kernel/events';
import type { Workflow } from '../../kernel/workflow';
import type { UserSubscriptionPaymentFailed } from '../events';

/** Tell the account's owner that a payment failed and until when the plan stays (the payment-failed email). */
export interface SendPaymentFailedEmail {
  readonly type: 'SendPaymentFailedEmail';
  readonly userId: string;
  readonly graceUntil: string;
}

export interface BillingEmailsState {
  /** From the owner's erasure request on, nothing more is written to them. */
  readonly erasing: boolean;
}

/**
 * The emails a change of plan state owes its owner, sent after the change is recorded: a crash between the two
 * sends the email again when the workflow resumes (at least once), and the change itself is recorded once
 * whatever Stripe retries. Today that is the failed payment's email; the account page says the same.
 */
export const billingEmailsWorkflow: Workflow<
  UserSubscriptionPaymentFailed,
  BillingEmailsState,
  SendPaymentFailedEmail
> = {
  name: 'billing-emails',
  inputs: ['UserSubscriptionPaymentFailed'],
  initialState: () => ({ erasing: false }),
  evolve: (state, event: DomainEvent) =>
    event.type === 'AccountErasureRequested' ? { erasing: true } : state,
  decide: (input, state) =>
    state.erasing
      ? []
      : [{ type: 'SendPaymentFailedEmail', userId: input.data.userId, graceUntil: input.data.graceUntil }],
};
