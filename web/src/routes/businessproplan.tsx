import { createFileRoute } from '@tanstack/react-router';
import { BusinessProPlanPage } from '../features/marketing/plans/plan-pages';

export const Route = createFileRoute('/businessproplan')({ component: BusinessProPlanPage });
