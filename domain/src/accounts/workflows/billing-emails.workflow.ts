import type { Workflow } from '../../kernel/workflow';
import type { Language, UserEvent, UserSubscriptionPaymentFailed } from '../events';
import { evolve, initialState, type UserAccountState } from '../user-account/state';

/** Tell the account's owner that a payment failed and until when the plan stays (the payment-failed email). */
export interface SendPaymentFailedEmail {
  readonly type: 'SendPaymentFailedEmail';
  readonly userId: string;
  readonly email: string;
  /** The owner's language as it stands when the email goes, not when the payment failed. */
  readonly language: Language;
  readonly graceUntil: string;
}

/**
 * The emails a change of plan state owes its owner, sent after the change is recorded: a crash between the two
 * sends the email again when the workflow resumes (at least once), and the change itself is recorded once
 * whatever Stripe retries. Today that is the failed payment's email; the account page says the same. Its state is
 * the account's own, so the email's address and language come with the decision: from the owner's erasure request
 * on, nothing more is written to them.
 */
export const billingEmailsWorkflow: Workflow<
  UserSubscriptionPaymentFailed,
  UserAccountState,
  SendPaymentFailedEmail,
  UserEvent
> = {
  name: 'billing-emails',
  inputs: ['UserSubscriptionPaymentFailed'],
  initialState,
  evolve,
  decide: ({ data: { userId, graceUntil } }, { email, language, erasure }) =>
    email === null || erasure !== null
      ? []
      : [{ type: 'SendPaymentFailedEmail', userId, email, language, graceUntil }],
};
