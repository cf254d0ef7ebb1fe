import { Link } from '@tanstack/react-router';
import type { Usage } from '@scrivo/contracts/recordings/recordings.contract';
import { formatMinutes } from '../upload/refusals';

const PLAN_NAMES: Record<Usage['plan'], string> = {
  free: 'Free',
  premium: 'Premium',
  business_pro: 'Business Pro',
};

/** Minutes used and left this month, with the way to more when the allowance is reached. */
export function UsageMeter({ usage }: { usage: Usage }) {
  const unlimited = usage.minutesAllowed === null;
  const allowed = usage.minutesAllowed ?? 0;
  const used = Math.min(usage.minutesUsed, allowed || usage.minutesUsed);
  const share = unlimited || allowed === 0 ? 0 : Math.min(1, usage.minutesUsed / allowed);
  const reached = !unlimited && (usage.minutesLeft ?? 0) <= 0;
  const resets = new Date(usage.periodEnd).toLocaleDateString(undefined, { month: 'long', day: 'numeric' });
  return (
    <section
      aria-labelledby="usage-title"
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="usage"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="usage-title" className="font-semibold text-slate-900">
          This month
        </h2>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
          {PLAN_NAMES[usage.plan]} plan
        </span>
      </div>
      {unlimited ? (
        <p className="mt-3 text-sm text-slate-700">
          {formatMinutes(usage.minutesUsed)} transcribed. Your plan has no monthly limit.
        </p>
      ) : (
        <>
          <div
            className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-100"
            role="meter"
            aria-label="Minutes used this month"
            aria-valuemin={0}
            aria-valuemax={allowed}
            aria-valuenow={Math.round(used * 10) / 10}
            aria-valuetext={`${formatMinutes(usage.minutesUsed)} of ${formatMinutes(allowed)} used`}
          >
            <div
              className={`h-full rounded-full ${reached ? 'bg-red-500' : share > 0.8 ? 'bg-amber-500' : 'bg-brand-600'}`}
              style={{ width: `${share * 100}%` }}
            />
          </div>
          <p className="mt-2 text-sm text-slate-700">
            {formatMinutes(usage.minutesUsed)} of {formatMinutes(allowed)} used ·{' '}
            <strong>{formatMinutes(Math.max(0, usage.minutesLeft ?? 0))} left</strong>
          </p>
          <p className="text-xs text-slate-600">Resets on {resets}.</p>
          {reached && (
            <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
              You have used all your minutes this month.{' '}
              <Link to="/plan-selection" className="font-semibold underline">
                Upgrade your plan
              </Link>{' '}
              to keep transcribing.
            </p>
          )}
        </>
      )}
    </section>
  );
}
