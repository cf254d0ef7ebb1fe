import { createFileRoute } from '@tanstack/react-router';
import { PricingAndPlansPage } from '../features/marketing/plans/plan-pages';

export const Route = createFileRoute('/pricingandplans')({ component: PricingAndPlansPage });
