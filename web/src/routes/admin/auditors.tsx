import { createFileRoute } from '@tanstack/react-router';
import { AdminAuditorsPage } from '../../features/audit/admin-auditors-page';

export const Route = createFileRoute('/admin/auditors')({ component: () => <AdminAuditorsPage /> });
