import { Spinner } from '../../components/ui/spinner';
import { AdminNav } from '../../components/admin/admin-nav';
import { useAdminGate } from '../../hooks/use-admin-gate';
import { HttpError } from '../../lib/http';
import { useAdminWorkspaces } from './api/admin-workspaces';

const formatDate = (iso: string): string =>
  new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

const describeError = (error: unknown): string =>
  error instanceof HttpError ? error.serverMessage : error instanceof Error ? error.message : String(error);

/** /admin/workspaces: every live workspace, newest first, its owner and its number of members; nothing inside. */
export function AdminWorkspacesPage() {
  const authed = useAdminGate();
  const list = useAdminWorkspaces(authed);
  if (!authed) return <Spinner />;
  const workspaces = list.data?.workspaces ?? [];

  return (
    <div className="min-h-screen bg-slate-50">
      <AdminNav />
      <main className="mx-auto max-w-6xl space-y-4 p-4">
        <h1 className="text-xl font-bold text-slate-900">Workspaces</h1>
        {list.error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {describeError(list.error)}
          </p>
        ) : null}
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table aria-label="Workspaces" className="w-full text-left text-sm">
            <thead className="bg-slate-100 text-xs uppercase text-slate-600">
              <tr>
                <th className="px-3 py-2">Workspace</th>
                <th className="px-3 py-2">Owner</th>
                <th className="px-3 py-2">Members</th>
                <th className="px-3 py-2">Created</th>
              </tr>
            </thead>
            <tbody>
              {workspaces.map((w) => (
                <tr key={w.id} className="border-t border-slate-100">
                  <td className="px-3 py-2 font-medium text-slate-900">{w.name}</td>
                  <td className="px-3 py-2">{w.ownerEmail}</td>
                  <td className="px-3 py-2">{w.members}</td>
                  <td className="px-3 py-2">{formatDate(w.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.isLoading ? <Spinner /> : null}
          {list.data && workspaces.length === 0 ? (
            <p className="p-4 text-sm text-slate-500">No workspaces yet.</p>
          ) : null}
        </div>
        {list.data && workspaces.length > 0 ? (
          <p className="text-sm text-slate-600">
            {workspaces.length} workspace{workspaces.length === 1 ? '' : 's'}
          </p>
        ) : null}
      </main>
    </div>
  );
}
