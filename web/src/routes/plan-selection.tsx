import { createFileRoute } from '@tanstack/react-router';
import { PlanSelectionPage } from '../features/marketing/plans/plan-pages';

export const Route = createFileRoute('/plan-selection')({ component: PlanSelectionPage });
