import { PlanId } from '@scrivo/contracts';
import { PLAN_IDS, PLAN_LIMITS } from '@scrivo/domain/plans';
import { describe, expect, it } from 'vitest';
import { PLANS as ASSISTANT_PLANS } from '@scrivo/adapters/assistant/plans';

describe('one plan catalogue', () => {
  it('the API speaks exactly the plan ids the domain defines, in the same order', () => {
    expect(PlanId.options).toEqual([...PLAN_IDS]);
  });

  it('every plan has its limits, and the assistant states those limits', () => {
    for (const plan of PLAN_IDS) {
      expect(PLAN_LIMITS[plan]).toBeDefined();
      expect(ASSISTANT_PLANS[plan].minutesPerMonth).toBe(PLAN_LIMITS[plan].minutesPerMonth);
    }
    expect(ASSISTANT_PLANS.free.summary).toContain(
      '5 minutes of transcription per month, files up to 200 MB',
    );
    expect(ASSISTANT_PLANS.business_pro.summary).toContain('unlimited minutes and uploads, files up to 1 GB');
  });
});
