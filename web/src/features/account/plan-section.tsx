import type { User, UserSubscription } from '@scrivo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { currentUserQueryKey } from '../../lib/api/current-user';
import { Button, buttonClass } from '../../components/ui/button';
import { serverMessage } from '../../lib/errors';
import { openBillingPortal } from '../../lib/api/plan';
import { useUsage } from '../../lib/api/recordings';

const PLAN_NAMES: Record<User['plan'], string> = {
  free: 'Free',
  premium: 'Premium',
  business_pro: 'Business Pro',
};
const PERIOD_NAMES: Record<UserSubscription['billingPeriod'], string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
};
const day = (iso: string) => new Date(iso).toLocaleDateString();

/** Where the subscription stands, in a sentence: renews, ends, in grace after a failed payment, or over. */
const subscriptionLine = (subscription: UserSubscription): string => {
  switch (subscription.status) {
    case 'active':
      return `Renews on ${day(subscription.renewsAt ?? subscription.currentPeriodEnd)}.`;
    case 'cancelling':
      return `Cancelled: your plan runs until ${day(subscription.endsAt ?? subscription.currentPeriodEnd)}, then you are on Free. Nothing is deleted.`;
    case 'payment_failed':
      return `The last payment failed: your plan stays until ${day(subscription.endsAt ?? subscription.currentPeriodEnd)}. Please update your payment method.`;
    case 'pending':
      return 'Waiting for the payment to go through.';
    case 'ended':
      return 'Your subscription has ended.';
  }
};

/**
 * The account's plan: which one, how it is billed, when it renews or ends, this period's minutes, and the
 * payment provider's portal ("Manage billing") for a subscription. Back from checkout, the page keeps asking for
 * the account until the provider's webhook has turned the plan on.
 */
export function PlanSection({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const usage = useUsage();
  const subscription = user.subscription;
  const backFromCheckout =
    typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('checkout') === 'done';
  const waiting = backFromCheckout && (subscription === null || subscription.status === 'ended');
  const refetchUsage = usage.refetch;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void refetchUsage();
    }, 2000);
    return () => clearInterval(timer);
  }, [waiting, queryClient, refetchUsage]);
  const portal = useMutation({ mutationFn: openBillingPortal });
  const minutes = usage.data;

  return (
    <section aria-labelledby="plan-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="plan-heading" className="mb-2 text-lg font-semibold">
        Plan
      </h2>
      <p className="mb-2 text-sm text-slate-600" data-testid="account-plan">
        You are on the <strong className="text-slate-900">{PLAN_NAMES[user.plan]}</strong> plan
        {user.planUntil ? ` until ${day(user.planUntil)}, then ${PLAN_NAMES[user.planAfter ?? 'free']}` : ''}.
      </p>
      {subscription && subscription.status !== 'ended' && (
        <dl className="mb-2 grid gap-2 text-sm sm:grid-cols-[10rem_1fr]" data-testid="subscription">
          <dt className="text-slate-500">Billing</dt>
          <dd>
            {PLAN_NAMES[subscription.plan]}, {PERIOD_NAMES[subscription.billingPeriod].toLowerCase()}
          </dd>
          <dt className="text-slate-500">Status</dt>
          <dd>{subscriptionLine(subscription)}</dd>
        </dl>
      )}
      {waiting && (
        <p role="status" className="mb-2 text-sm text-slate-600">
          Thank you! Your plan turns on as soon as the payment is confirmed.
        </p>
      )}
      {minutes && (
        <p className="mb-4 text-sm text-slate-600" data-testid="account-minutes">
          {minutes.minutesAllowed === null
            ? `Unlimited minutes (${minutes.minutesUsed} used since ${day(minutes.periodStart)}).`
            : `${minutes.minutesUsed} of ${minutes.minutesAllowed} minutes used, until ${day(minutes.periodEnd)}.`}
        </p>
      )}
      {portal.isError && (
        <p role="alert" className="mb-2 text-sm text-amber-800">
          {serverMessage(portal.error, 'The billing page could not be opened.')}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Link to="/plan-selection" className={buttonClass('secondary', 'form', 'sm:w-auto')}>
          Change plan
        </Link>
        {subscription && (
          <Button
            className="sm:w-auto"
            variant="secondary"
            disabled={portal.isPending}
            onClick={() => portal.mutate()}
          >
            {portal.isPending ? 'Opening...' : 'Manage billing'}
          </Button>
        )}
      </div>
    </section>
  );
}
