import { createFileRoute } from '@tanstack/react-router';
import { AuditorLoginPage } from '../../features/audit/auditor-login-page';

export const Route = createFileRoute('/audit/login')({ component: () => <AuditorLoginPage /> });
