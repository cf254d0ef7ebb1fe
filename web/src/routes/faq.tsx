import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/marketing/articles/help-centre';

export const Route = createFileRoute('/faq')({ component: FaqPage });
