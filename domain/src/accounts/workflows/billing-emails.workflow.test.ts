import { describe, it } from 'vitest';
import { WorkflowSpecification } from '../../testing';
import type { UserEvent } from '../events';
import { at, registered } from '../user-account/decider.fixtures';
import { billingEmailsWorkflow } from './billing-emails.workflow';

const spec = WorkflowSpecification.for(billingEmailsWorkflow);
const paymentFailed = {
  type: 'UserSubscriptionPaymentFailed',
  data: {
    userId: 'u1',
    providerEventId: 'evt_1',
    subscriptionId: 'sub_1',
    graceUntil: '2026-03-08T10:00:00.000Z',
    failedAt: at,
  },
} as const;
const erasureRequested: UserEvent = {
  type: 'AccountErasureRequested',
  data: { userId: 'u1', by: { kind: 'user', id: 'u1' }, requestedAt: at },
};

describe('billing emails: what a change of plan state tells its owner', () => {
  it('a failed payment emails its owner, at their address and in their language, until when the plan stays', () =>
    spec
      .given([registered])
      .when(paymentFailed)
      .then([
        {
          type: 'SendPaymentFailedEmail',
          userId: 'u1',
          email: 'ada@example.com',
          language: 'en',
          graceUntil: '2026-03-08T10:00:00.000Z',
        },
      ]));

  it('the email speaks the language the owner chose last', () =>
    spec
      .given([
        registered,
        { type: 'UserProfileUpdated', data: { userId: 'u1', language: 'fr', updatedAt: at } },
      ])
      .when(paymentFailed)
      .then([
        {
          type: 'SendPaymentFailedEmail',
          userId: 'u1',
          email: 'ada@example.com',
          language: 'fr',
          graceUntil: '2026-03-08T10:00:00.000Z',
        },
      ]));

  it('with no account on record, there is no one to write to', () =>
    spec.given([]).when(paymentFailed).thenNothingIsSent());

  it('an account being erased is written to no more', () =>
    spec.given([registered, erasureRequested]).when(paymentFailed).thenNothingIsSent());
});
