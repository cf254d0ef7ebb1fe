import { useState } from 'react';
import { SegmentedToggle } from '../../../components/ui/segmented-toggle';
import { analytics } from '../../../lib/analytics/analytics';
import { PLANS, type BillingPeriod } from '../../../lib/plan-catalog';
import { PlanCard, planButtonClass } from '../plans/plan-card';
import type { LandingCopy } from '../i18n/landing-copy';
import { AppLink } from '../shared/app-link';
import { Section } from './section';

/** Pricing with the weekly/monthly toggle (weekly by default); every plan button goes to /signup. */
export function PricingSection({ copy }: { copy: LandingCopy }) {
  const [period, setPeriod] = useState<BillingPeriod>('weekly');
  const { pricing } = copy;
  return (
    <Section id="pricing" title={pricing.title} subtitle={pricing.subtitle} tone="tint">
      <div className="mb-10 flex justify-center">
        <SegmentedToggle
          label={pricing.title}
          value={period}
          onChange={setPeriod}
          options={[
            { value: 'weekly', label: pricing.weekly },
            { value: 'monthly', label: pricing.monthly },
          ]}
        />
      </div>
      <div className="grid gap-8 md:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            copy={pricing.plans[plan.id]}
            labels={pricing}
            period={period}
            locale={copy.locale}
            action={
              <AppLink
                href="/signup"
                onClick={() =>
                  analytics.track('pricing_clicked', {
                    place: 'pricing_section',
                    plan: pricing.plans[plan.id].name,
                  })
                }
                className={planButtonClass(plan.popular)}
              >
                {pricing.plans[plan.id].cta}
              </AppLink>
            }
          />
        ))}
      </div>
    </Section>
  );
}
