import { ADMIN_USERS_PAGE_SIZE, type AdminUserStatus } from '@scrivo/contracts';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { AdminNav } from '../../components/admin/admin-nav';
import { describeError, useUserList } from './api/admin-users';
import { InvitationsList } from './components/invitations-list';
import { InviteForm } from './components/invite-form';
import { formatDate, minutesLabel, planLabel, STATUS_OPTIONS } from './labels';
import { useAdminGate } from '../../hooks/use-admin-gate';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

const useDebounced = (value: string, ms: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
};

/** /admin/users: every account, searched by email or name, filtered by status, 20 a page. */
export function AdminUsersPage() {
  const authed = useAdminGate();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AdminUserStatus>('all');
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim(), 300);
  const list = useUserList(term, status, page, authed);
  if (!authed) return <Spinner />;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE));

  return (
    <div className="min-h-screen bg-slate-50">
      <AdminNav />
      <main className="mx-auto max-w-6xl space-y-4 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="mr-auto text-xl font-bold text-slate-900">Users</h1>
          <Input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            placeholder="Search by email or name..."
            aria-label="Search users"
            className="w-64 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <select
            value={status}
            onChange={(e) => {
              const next = STATUS_OPTIONS.find((o) => o.value === e.target.value);
              if (next) setStatus(next.value);
              setPage(1);
            }}
            aria-label="Status filter"
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {list.error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {describeError(list.error)}
          </p>
        ) : null}
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-100 text-xs uppercase text-slate-600">
              <tr>
                <th className="px-3 py-2">User</th>
                <th className="px-3 py-2">Plan</th>
                <th className="px-3 py-2">Minutes this month</th>
                <th className="px-3 py-2">Recordings</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">Signed up</th>
                <th className="px-3 py-2">Last sign-in</th>
              </tr>
            </thead>
            <tbody>
              {(list.data?.users ?? []).map((u) => (
                <tr key={u.id} className="border-t border-slate-100">
                  <td className="px-3 py-2">
                    <Link
                      to="/admin/users/$userId"
                      params={{ userId: u.id }}
                      className="font-medium text-blue-700 hover:underline"
                    >
                      {u.email}
                    </Link>
                    <div className="text-xs text-slate-500">
                      {u.firstName} {u.lastName}
                    </div>
                  </td>
                  <td className="px-3 py-2">
                    {planLabel(u.plan)}
                    {u.planUntil ? (
                      <div className="text-xs text-slate-500">until {formatDate(u.planUntil)}</div>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">{minutesLabel(u.minutesUsed, u.minutesAllowed)}</td>
                  <td className="px-3 py-2">{u.recordings}</td>
                  <td className="px-3 py-2">
                    {u.suspended ? (
                      <span className="rounded bg-red-100 px-2 py-0.5 text-xs text-red-800">Suspended</span>
                    ) : (
                      <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800">
                        Active
                      </span>
                    )}{' '}
                    {u.emailVerified ? null : (
                      <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                        Unverified
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2">{formatDate(u.createdAt)}</td>
                  <td className="px-3 py-2">{formatDate(u.lastSignInAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.isLoading ? <Spinner /> : null}
          {list.data && list.data.users.length === 0 ? (
            <p className="p-4 text-sm text-slate-500">No users match.</p>
          ) : null}
        </div>
        <div className="flex items-center gap-2 text-sm">
          <span className="text-slate-600">
            {total} user{total === 1 ? '' : 's'} · page {page} of {pages}
          </span>
          <Button
            variant="unstyled"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            className="ml-auto rounded-lg border border-slate-300 px-3 py-1 disabled:opacity-50"
          >
            Previous
          </Button>
          <Button
            variant="unstyled"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            className="rounded-lg border border-slate-300 px-3 py-1 disabled:opacity-50"
          >
            Next
          </Button>
        </div>
        <InviteForm />
        <InvitationsList />
      </main>
    </div>
  );
}
