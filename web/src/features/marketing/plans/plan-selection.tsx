import { useState } from 'react';
import { SegmentedToggle } from '../../../components/ui/segmented-toggle';
import { useCurrentUser } from '../../../lib/api/current-user';
import { en } from '../i18n/en';
import { AppLink } from '../shared/app-link';
import { PLANS, type BillingPeriod } from '../../../lib/plan-catalog';
import { PlanCard, planButtonClass } from './plan-card';
import { PaidPlansNote, PlanChoiceMessage, usePlanChoice } from './use-plan-choice';
import { Button } from '../../../components/ui/button';

const pricing = en.pricing;

/**
 * The three plans with a button each. A visitor's buttons lead to sign-up; a signed-in user's choice is sent
 * to the server, which sets Free at once and answers a paid plan with its payment provider's checkout for the
 * period shown (without a provider, the note says that the administrator grants paid plans).
 */
export function PlanSelection() {
  const { data: user } = useCurrentUser();
  const choice = usePlanChoice();
  const [period, setPeriod] = useState<BillingPeriod>('weekly');

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <div className="mb-10 flex justify-center">
        <SegmentedToggle
          label="Billing period"
          value={period}
          onChange={setPeriod}
          options={[
            { value: 'weekly', label: pricing.weekly },
            { value: 'monthly', label: pricing.monthly },
          ]}
        />
      </div>
      {choice.payments === false && <PaidPlansNote supportEmail={choice.supportEmail} />}
      <div className="grid gap-8 md:grid-cols-3">
        {PLANS.map((plan) => {
          const copy = pricing.plans[plan.id];
          const current = user?.plan === plan.id;
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              copy={copy}
              labels={pricing}
              period={period}
              locale={en.locale}
              action={
                user ? (
                  <>
                    <Button
                      variant="unstyled"
                      disabled={current || choice.pendingPlan !== undefined}
                      onClick={() => choice.choose(plan.id, period)}
                      className={`${planButtonClass(plan.popular)} disabled:cursor-not-allowed disabled:opacity-60`}
                    >
                      {current ? 'Current plan' : choice.pendingPlan === plan.id ? 'Saving...' : copy.cta}
                    </Button>
                    {/* Beside the button, not above the cards: the answer to a click lower down stays in sight. */}
                    {choice.messagePlan === plan.id && (
                      <div className="mt-4">
                        <PlanChoiceMessage message={choice.message} />
                      </div>
                    )}
                  </>
                ) : (
                  <AppLink href="/signup" className={planButtonClass(plan.popular)}>
                    {copy.cta}
                  </AppLink>
                )
              }
            />
          );
        })}
      </div>
      {user && (
        <p className="mt-10 text-center">
          <AppLink href="/dashboard" className="font-medium text-brand-700 underline">
            Continue to your dashboard
          </AppLink>
        </p>
      )}
    </div>
  );
}
