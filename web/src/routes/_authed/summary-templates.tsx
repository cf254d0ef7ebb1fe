import { createFileRoute } from '@tanstack/react-router';
import { SummaryTemplatesPage } from '../../features/summaries/templates/summary-templates-page';

export const Route = createFileRoute('/_authed/summary-templates')({ component: SummaryTemplatesPage });
