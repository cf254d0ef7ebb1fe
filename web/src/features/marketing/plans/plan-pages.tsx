import { useState } from 'react';
import { SegmentedToggle } from '../../../components/ui/segmented-toggle';
import { en } from '../i18n/en';
import { PageHero, PublicLayout } from '../layout/public-layout';
import { PricingSection } from '../landing/pricing-section';
import { InfoPage } from '../pages/info-page';
import { productStructuredData } from '../seo/structured-data';
import { useSeo } from '../seo/use-seo';
import { AppLink } from '../shared/app-link';
import { PLANS, type BillingPeriod, type PlanId } from '../../../lib/plan-catalog';
import { PlanCard, planButtonClass } from './plan-card';
import { PlanSelection } from './plan-selection';
import { useCurrentUser } from '../../../lib/api/current-user';
import { useAuthProviders } from '../../../components/signup-policy-notice';
import { PaidPlansNote, PlanChoiceMessage, usePlanChoice } from './use-plan-choice';
import { Button } from '../../../components/ui/button';

/** /plan-selection and /plans: reached after registration, and from the account menu later. */
export function PlanSelectionPage() {
  useSeo({
    title: 'Choose your plan | Scrivo',
    description: 'Free, Premium or Business Pro: pick the plan that fits.',
    path: '/plan-selection',
  });
  return (
    <PublicLayout>
      <PageHero
        title="Choose your plan"
        lead="Start on Free with 5 minutes a month, or pick more minutes. You can change plans at any time."
      />
      <PlanSelection />
    </PublicLayout>
  );
}

/**
 * /pricingandplans: the pricing table with the same toggle as the landing page, plus billing facts. A signed-in
 * user gets the plan buttons of /plan-selection (checkout, or the note that the administrator grants plans).
 */
export function PricingAndPlansPage() {
  const { data: user } = useCurrentUser();
  const providers = useAuthProviders();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  useSeo({
    title: 'Pricing and plans | Scrivo',
    description:
      'Free: $0, 5 minutes a month. Premium: $9.99/month or $4.49/week, 120 minutes. Business Pro: $19.99/month or $9.49/week, unlimited.',
    path: '/pricingandplans',
    jsonLd: productStructuredData(origin, 'AI transcription for audio and video'),
  });
  return (
    <PublicLayout>
      <PageHero
        title="Pricing and plans"
        lead="Start free. Pay weekly or monthly. Cancel anytime and keep your data."
      />
      {user ? (
        <PlanSelection />
      ) : (
        <>
          {providers.data?.payments === false && (
            <div className="px-4 pt-8">
              <PaidPlansNote supportEmail={providers.data.supportEmail} />
            </div>
          )}
          <PricingSection copy={en} />
        </>
      )}
      <div className="mx-auto grid max-w-4xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6">
        <section>
          <h2 className="text-xl font-semibold">How minutes are counted</h2>
          <p className="mt-2 text-slate-700">
            Minutes are the length of the audio you transcribe. Editing and exporting never use minutes, and a
            failed transcription is not counted. Unused minutes do not carry over.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold">Weekly or monthly</h2>
          <p className="mt-2 text-slate-700">
            Weekly billing suits short projects such as a thesis sprint or an event; monthly costs less over
            time. Both renew until you cancel.
          </p>
        </section>
      </div>
    </PublicLayout>
  );
}

const planPageContent = (id: PlanId, path: string) => {
  const copy = en.pricing.plans[id];
  return {
    path,
    eyebrow: 'Plan',
    title: `${copy.name} plan`,
    lead: copy.description,
    description: `Scrivo ${copy.name}: ${copy.features.join(', ')}.`,
    sections: [
      { heading: 'What is included', bullets: copy.features },
      { heading: 'Typical use', paragraphs: [copy.usageExample] },
      {
        heading: 'Billing',
        paragraphs: [
          'Choose weekly or monthly billing. Plans renew each period until cancelled; cancel anytime and keep your data on the Free plan.',
        ],
      },
    ],
  };
};

function SinglePlan({ id, path }: { id: PlanId; path: string }) {
  const [period, setPeriod] = useState<BillingPeriod>('weekly');
  const plan = PLANS.find((p) => p.id === id)!;
  const { data: user } = useCurrentUser();
  const choice = usePlanChoice();
  const current = user?.plan === id;
  return (
    <InfoPage content={planPageContent(id, path)}>
      <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 pt-10">
        <SegmentedToggle
          label="Billing period"
          value={period}
          onChange={setPeriod}
          options={[
            { value: 'weekly', label: en.pricing.weekly },
            { value: 'monthly', label: en.pricing.monthly },
          ]}
        />
        <PlanChoiceMessage message={choice.message} />
        {choice.payments === false && <PaidPlansNote supportEmail={choice.supportEmail} />}
        <div className="w-full">
          <PlanCard
            plan={plan}
            copy={en.pricing.plans[id]}
            labels={en.pricing}
            period={period}
            locale={en.locale}
            action={
              user ? (
                <Button
                  variant="unstyled"
                  disabled={current || choice.pendingPlan !== undefined}
                  onClick={() => choice.choose(id, period)}
                  className={`${planButtonClass(true)} disabled:cursor-not-allowed disabled:opacity-60`}
                >
                  {current
                    ? 'Current plan'
                    : choice.pendingPlan === id
                      ? 'Saving...'
                      : en.pricing.plans[id].cta}
                </Button>
              ) : (
                <AppLink href="/signup" className={planButtonClass(true)}>
                  {en.pricing.plans[id].cta}
                </AppLink>
              )
            }
          />
        </div>
      </div>
    </InfoPage>
  );
}

export const PremiumPlanPage = () => <SinglePlan id="premium" path="/premiumplan" />;
export const BusinessProPlanPage = () => <SinglePlan id="business_pro" path="/businessproplan" />;
