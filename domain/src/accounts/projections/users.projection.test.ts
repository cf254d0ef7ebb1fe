import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../kernel/events';
import type { Doc } from '../../ports/read-model-store';
import type { ProjectionContext } from '../../projections/projection';
import type { ChangedBy, UserEvent } from '../events';
import { planInEffect } from '../plan-term';
import { registeredWith } from '../user-account/decider.fixtures';
import { type UserDoc, usersProjection } from './users.projection';

const docs = new Map<string, Doc>();
const context: ProjectionContext = {
  get: async <T extends Doc>(_: string, id: string) => (docs.get(id) as T | undefined) ?? null,
  find: async () => [],
  upsert: (_, doc) => docs.set(doc.id, doc),
  delete: (_, id) => docs.delete(id),
};
let position = 0;
const at = '2026-11-02T10:00:00.000Z';
const by: ChangedBy = { kind: 'admin', adminId: 'a1', label: 'root@example.com' };
const recorded = (event: UserEvent): RecordedEvent => ({
  streamId: 'user-u1',
  type: event.type,
  schemaVersion: 1,
  data: event.data,
  metadata: {
    eventId: `e${position}`,
    correlationId: 'c',
    causationId: null,
    actor: { kind: 'admin', id: 'a1' },
    occurredAt: at,
  },
  streamRevision: position,
  globalPosition: ++position,
});
const apply = (event: UserEvent) => usersProjection.handle(recorded(event), context);
const user = () => docs.get('u1') as UserDoc;

describe('the users projection: what operators changed', () => {
  it('shows the plan with its end, the minutes granted per period (once per grant) and the suspension', async () => {
    await apply(registeredWith({ plan: 'premium', registeredAt: at }));
    expect(user()).toMatchObject({ plan: 'premium', planUntil: null, suspended: false, grantedMinutes: {} });

    const until = '2026-12-01T00:00:00.000Z';
    await apply({
      type: 'UserPlanSetByAdmin',
      data: {
        userId: 'u1',
        from: 'premium',
        to: 'business_pro',
        until,
        thenPlan: 'premium',
        by,
        reason: 'r',
        changedAt: at,
      },
    });
    expect(user()).toMatchObject({ plan: 'business_pro', planUntil: until, planAfter: 'premium' });
    expect(planInEffect(user(), '2026-11-30T23:59:59.000Z')).toBe('business_pro');
    expect(planInEffect(user(), until)).toBe('premium');

    const grant: UserEvent = {
      type: 'UserMinutesGranted',
      data: { userId: 'u1', grantId: 'g1', period: '2026-11', minutes: 30, by, reason: 'r', grantedAt: at },
    };
    await apply(grant);
    await apply(grant); // a replay
    await apply({ ...grant, data: { ...grant.data, grantId: 'g2', minutes: 15 } });
    expect(user().grantedMinutes).toEqual({ '2026-11': 45 });

    await apply({ type: 'UserSuspended', data: { userId: 'u1', by, reason: 'r', suspendedAt: at } });
    expect(user().suspended).toBe(true);
    await apply({ type: 'UserReactivated', data: { userId: 'u1', by, reason: 'r', reactivatedAt: at } });
    expect(user().suspended).toBe(false);

    // The user's own plan choice ends a temporary plan.
    await apply({
      type: 'UserPlanChanged',
      data: { userId: 'u1', from: 'business_pro', to: 'free', changedAt: at },
    });
    expect(user()).toMatchObject({ plan: 'free', planUntil: null, planAfter: null });
  });
});

describe("the users projection: the payment provider's subscription", () => {
  it('folds the subscription like the decider: the plan to the period end, the grace after a failure, then Free', async () => {
    docs.clear();
    await apply(registeredWith({ registeredAt: at }));
    const subscription = {
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      plan: 'premium' as const,
      billingPeriod: 'weekly' as const,
      status: 'active' as const,
      currentPeriodStart: '2026-11-02T10:00:00.000Z',
      currentPeriodEnd: '2026-11-09T10:00:00.000Z',
      cancelAtPeriodEnd: false,
      createdAt: '2026-11-02T10:00:00.000Z',
      provisional: false,
      asOf: at,
    };
    await apply({
      type: 'UserSubscriptionChanged',
      data: { userId: 'u1', providerEventId: 'evt_1', subscription, changedAt: at },
    });
    expect(user()).toMatchObject({
      plan: 'premium',
      planUntil: '2026-11-10T10:00:00.000Z',
      planAfter: 'free',
      subscription: { ...subscription, graceUntil: null },
    });
    await apply({
      type: 'UserSubscriptionPaymentFailed',
      data: {
        userId: 'u1',
        providerEventId: 'evt_2',
        subscriptionId: 'sub_1',
        graceUntil: '2026-11-16T10:00:00.000Z',
        failedAt: '2026-11-09T10:00:00.000Z',
      },
    });
    expect(user()).toMatchObject({
      planUntil: '2026-11-16T10:00:00.000Z',
      subscription: { graceUntil: '2026-11-16T10:00:00.000Z' },
    });
    expect(planInEffect(user(), '2026-11-16T09:59:59.000Z')).toBe('premium');
    expect(planInEffect(user(), '2026-11-16T10:00:00.000Z')).toBe('free');
  });
});
