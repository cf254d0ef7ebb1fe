import { describe, it } from 'vitest';
import { spec, at, registered, verified } from './decider.fixtures';

describe('profile and plan', () => {
  it('records only what changed', () => {
    spec
      .given([registered, verified])
      .when({ type: 'UpdateProfile', firstName: ' Augusta ', language: 'en', at })
      .then([{ type: 'UserProfileUpdated', data: { userId: 'u1', firstName: 'Augusta', updatedAt: at } }]);
  });
  it('changes the plan, and does nothing when it is the same plan', () => {
    spec
      .given([registered, verified])
      .when({ type: 'ChangePlan', plan: 'premium', at })
      .then([
        { type: 'UserPlanChanged', data: { userId: 'u1', from: 'free', to: 'premium', changedAt: at } },
      ]);
    spec.given([registered, verified]).when({ type: 'ChangePlan', plan: 'free', at }).thenNothingHappens();
  });
});
