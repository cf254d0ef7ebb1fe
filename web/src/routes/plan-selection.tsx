import { createFileRoute } from '@tanstack/react-router';
import { PlanSelectionPage } from '../features/plans/plan-pages';

export const Route = createFileRoute('/plan-selection')({ component: PlanSelectionPage });
