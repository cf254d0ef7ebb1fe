import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icons';
import { formatUsd, priceFor, type BillingPeriod, type PlanFacts } from '../../../lib/plan-catalog';

export interface PlanCardLabels {
  readonly perWeek: string;
  readonly perMonth: string;
  readonly forever: string;
  readonly popular: string;
  readonly was: string;
  readonly guarantee: string;
}

export interface PlanCardCopy {
  readonly name: string;
  readonly description: string;
  readonly usageExample: string;
  /** The first feature is the minutes allowance. */
  readonly features: readonly string[];
  /**
   * The allowance said next to a weekly price, in place of the first feature: weekly subscribers' minutes reset
   * every billing week (a week's share of the month, domain/src/recordings/plans.ts), so "per month" would mislead.
   */
  readonly weeklyAllowance?: string;
}

/** One plan: name, price for the chosen period (former price struck through), features and its action. */
export function PlanCard({
  plan,
  copy,
  labels,
  period,
  locale,
  action,
}: {
  plan: PlanFacts;
  copy: PlanCardCopy;
  labels: PlanCardLabels;
  period: BillingPeriod;
  locale: string;
  action: ReactNode;
}) {
  const price = priceFor(plan, period);
  const suffix = price.amount === 0 ? labels.forever : period === 'weekly' ? labels.perWeek : labels.perMonth;
  const features =
    period === 'weekly' && price.amount > 0 && copy.weeklyAllowance
      ? [copy.weeklyAllowance, ...copy.features.slice(1)]
      : copy.features;
  return (
    <article
      aria-label={copy.name}
      data-plan={plan.id}
      className={`relative flex flex-col gap-5 rounded-2xl border bg-white p-6 shadow-sm ${
        plan.popular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
      }`}
    >
      {plan.popular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2">
          <Badge tone="brand">{labels.popular}</Badge>
        </span>
      )}
      <div>
        <h3 className="text-xl font-semibold">{copy.name}</h3>
        <p className="mt-1 text-slate-600">{copy.description}</p>
      </div>
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="text-4xl font-bold" data-testid="price">
          {formatUsd(price.amount, locale)}
        </span>
        <span className="text-slate-600">{suffix}</span>
        {price.original !== undefined && (
          <s className="text-slate-500">
            <span className="sr-only">{labels.was} </span>
            {formatUsd(price.original, locale)}
          </s>
        )}
      </p>
      <p className="text-sm text-slate-600">{copy.usageExample}</p>
      <ul className="flex flex-col gap-2">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-auto">{action}</div>
      {plan.guarantee && <p className="text-center text-sm text-slate-600">{labels.guarantee}</p>}
    </article>
  );
}

export const planButtonClass = (popular: boolean) =>
  `block w-full rounded-xl px-4 py-3 text-center font-semibold ${
    popular ? 'bg-brand-600 text-white hover:bg-brand-700' : 'border border-slate-300 hover:bg-slate-50'
  }`;
