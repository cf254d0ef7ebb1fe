import { describe, it } from 'vitest';
import { WorkflowSpecification } from '../../testing';
import { billingEmailsWorkflow } from './billing-emails.workflow';

const spec = WorkflowSpecification.for(billingEmailsWorkflow);
const at = '2026-03-01T10:00:00.000Z';
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

describe('billing emails: what a change of plan state tells its owner', () => {
  it('a failed payment emails its owner until when the plan stays', () =>
    spec
      .given([])
      .when(paymentFailed)
      .then([{ type: 'SendPaymentFailedEmail', userId: 'u1', graceUntil: '2026-03-08T10:00:00.000Z' }]));

  it('an account being erased is written to no more', () =>
    spec
      .given([
        {
          type: 'AccountErasureRequested',
          data: { userId: 'u1', by: { kind: 'user', id: 'u1' }, requestedAt: at },
        },
      ])
      .when(paymentFailed)
      .thenNothingIsSent());
});
