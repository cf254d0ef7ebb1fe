import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { currentUserQueryKey } from '../../../lib/api/current-user';
import { HttpError } from '../../../lib/http';
import { useAuthProviders } from '../../../components/signup-policy-notice';
import { choosePlan } from '../../../lib/api/plan';
import type { BillingPeriod, PlanId } from '../../../lib/plan-catalog';

export type PlanMessage = { tone: 'ok' | 'error'; text: string } | null;

/**
 * What every plan button does for a signed-in user: Free at once, a paid plan through checkout when this server
 * sells plans, and the answer (or the refusal, e.g. "manage your subscription") as a message.
 */
export function usePlanChoice() {
  const providers = useAuthProviders();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<PlanMessage>(null);
  const choose = useMutation({
    mutationFn: ({ plan, period }: { plan: PlanId; period: BillingPeriod }) => choosePlan(plan, period),
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
  return {
    choose: (plan: PlanId, period: BillingPeriod) => {
      setMessage(null);
      choose.mutate({ plan, period });
    },
    pendingPlan: choose.isPending ? choose.variables?.plan : undefined,
    message,
    /** The plan whose button the message answers, so it can be shown where the user clicked. */
    messagePlan: choose.variables?.plan,
    /** Known once the server answered: false = an administrator grants paid plans here. */
    payments: providers.data?.payments,
    supportEmail: providers.data?.supportEmail ?? null,
  };
}

/** The answer to the last choice, as a status or an alert. */
export function PlanChoiceMessage({ message }: { message: PlanMessage }) {
  if (!message) return null;
  return (
    <p
      role={message.tone === 'error' ? 'alert' : 'status'}
      className={`mx-auto mb-8 max-w-2xl rounded-xl p-4 text-center ${
        message.tone === 'error' ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-900'
      }`}
    >
      {message.text}
    </p>
  );
}

/** Without a payment provider: paid plans are granted by the administrator (and whom to write to). */
export function PaidPlansNote({ supportEmail }: { supportEmail: string | null }) {
  return (
    <p
      data-testid="paid-plans-note"
      className="mx-auto mb-8 max-w-2xl rounded-xl bg-slate-100 p-4 text-center text-sm text-slate-700"
    >
      Paid plans cannot be bought on this server: they are granted by its administrator.{' '}
      {supportEmail ? (
        <>
          Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> to ask for one.
        </>
      ) : (
        'Please ask the administrator of this server for one.'
      )}
    </p>
  );
}
