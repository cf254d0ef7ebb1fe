import { createFileRoute } from '@tanstack/react-router';
import { AdminWorkspacesPage } from '../../features/admin-workspaces/admin-workspaces-page';

export const Route = createFileRoute('/admin/workspaces')({ component: () => <AdminWorkspacesPage /> });
