import type { Meta, StoryObj } from '@storybook/react-vite';
import { en } from '../i18n/en';
import { PlanCard, planButtonClass } from './plan-card';
import { PLANS, type PlanFacts } from '../../../lib/plan-catalog';
import { Button } from '../../../components/ui/button';

const plan = (id: PlanFacts['id']) => PLANS.find((p) => p.id === id)!;
const button = (label: string, popular = false) => (
  <Button variant="unstyled" className={planButtonClass(popular)}>
    {label}
  </Button>
);

const meta = {
  title: 'Plans/Plan card',
  component: PlanCard,
  args: {
    plan: plan('premium'),
    copy: en.pricing.plans.premium,
    labels: en.pricing,
    period: 'weekly',
    locale: en.locale,
    action: button(en.pricing.plans.premium.cta),
  },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof PlanCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Weekly price with the former price struck through. */
export const PremiumWeekly: Story = {};
export const PremiumMonthly: Story = { args: { period: 'monthly' } };
export const Free: Story = {
  args: { plan: plan('free'), copy: en.pricing.plans.free, action: button(en.pricing.plans.free.cta) },
};
/** The popular plan carries the badge and the filled button. */
export const BusinessPro: Story = {
  args: {
    plan: plan('business_pro'),
    copy: en.pricing.plans.business_pro,
    action: button(en.pricing.plans.business_pro.cta, true),
  },
};
/** Dollar prices written the French way, as on /fr. */
export const FrenchNumbers: Story = { args: { locale: 'fr-FR', period: 'monthly' } };
