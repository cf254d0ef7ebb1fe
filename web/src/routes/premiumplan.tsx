import { createFileRoute } from '@tanstack/react-router';
import { PremiumPlanPage } from '../features/marketing/plans/plan-pages';

export const Route = createFileRoute('/premiumplan')({ component: PremiumPlanPage });
