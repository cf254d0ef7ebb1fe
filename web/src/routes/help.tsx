import { createFileRoute } from '@tanstack/react-router';
import { HelpCentre } from '../features/marketing/articles/help-centre';

export const Route = createFileRoute('/help')({ component: HelpCentre });
