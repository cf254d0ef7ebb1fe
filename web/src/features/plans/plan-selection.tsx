import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SegmentedToggle } from '../../components/ui/segmented-toggle';
import { currentUserQueryKey, useCurrentUser } from '../../lib/current-user';
import { HttpError } from '../../lib/http';
import { en } from '../marketing/i18n/en';
import { AppLink } from '../marketing/shared/app-link';
import { PLANS, type BillingPeriod, type PlanId } from './plan-catalog';
import { PlanCard, planButtonClass } from './plan-card';
import { choosePlan } from './plan-api';
import { useAuthProviders } from '../auth/signup-policy-notice';

const pricing = en.pricing;

/**
 * The three plans with a button each. A visitor's buttons lead to sign-up; a signed-in user's choice is sent
 * to the server, which sets Free at once and answers for paid plans through its payment provider (the
 * embedded default says that payments are not configured: nothing is charged).
 */
export function PlanSelection() {
  const { data: user } = useCurrentUser();
  const providers = useAuthProviders();
  const noPayments = providers.data?.payments === false;
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<BillingPeriod>('weekly');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const choose = useMutation({
    mutationFn: (plan: PlanId) => choosePlan(plan),
    onSuccess: async (result) => {
      setMessage({ tone: 'ok', text: result.message });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
    onError: (error) =>
      setMessage({
        tone: 'error',
        text:
          error instanceof HttpError && error.status === 404
            ? 'Changing plans is not available on this server yet.'
            : error instanceof HttpError
              ? error.serverMessage
              : 'Network error occurred',
      }),
  });

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
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`mx-auto mb-8 max-w-2xl rounded-xl p-4 text-center ${
            message.tone === 'error' ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-900'
          }`}
        >
          {message.text}
        </p>
      )}
      {noPayments && (
        <p
          data-testid="paid-plans-note"
          className="mx-auto mb-8 max-w-2xl rounded-xl bg-slate-100 p-4 text-center text-sm text-slate-700"
        >
          Paid plans cannot be bought on this server: they are granted by its administrator.{' '}
          {providers.data?.supportEmail ? (
            <>
              Write to <a href={`mailto:${providers.data.supportEmail}`}>{providers.data.supportEmail}</a> to
              ask for one.
            </>
          ) : (
            'Please ask the administrator of this server for one.'
          )}
        </p>
      )}
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
                  <button
                    type="button"
                    disabled={current || choose.isPending}
                    onClick={() => {
                      setMessage(null);
                      choose.mutate(plan.id);
                    }}
                    className={`${planButtonClass(plan.popular)} disabled:cursor-not-allowed disabled:opacity-60`}
                  >
                    {current
                      ? 'Current plan'
                      : choose.isPending && choose.variables === plan.id
                        ? 'Saving...'
                        : copy.cta}
                  </button>
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
