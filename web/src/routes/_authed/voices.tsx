import { createFileRoute } from '@tanstack/react-router';
import { VoicesPage } from '../../features/voices/voices-page';

export const Route = createFileRoute('/_authed/voices')({ component: VoicesPage });
