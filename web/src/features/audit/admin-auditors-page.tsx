import { type FormEvent, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { useAuditReads, useAuditors, useCreateAuditor } from './api/auditors';
import { AdminNav } from '../../components/admin/admin-nav';
import { useAdminGate } from '../../hooks/use-admin-gate';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

/** /admin/auditors: create read-only auditors and see what every auditor read (who, which stream, when). */
export function AdminAuditorsPage() {
  const authed = useAdminGate();
  const auditors = useAuditors(authed);
  const reads = useAuditReads(authed);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const create = useCreateAuditor(() => {
    setEmail('');
    setPassword('');
  });
  if (!authed) return <Spinner />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ email: email.trim(), password });
  };
  return (
    <div className="min-h-screen bg-slate-50">
      <AdminNav />
      <main className="mx-auto max-w-6xl space-y-6 p-4">
        <h1 className="text-xl font-bold text-slate-900">Auditors</h1>
        <p className="text-sm text-slate-600">
          Auditors sign in at /audit and read any history, read-only. Each of their reads is recorded below.
        </p>
        <form onSubmit={submit} aria-label="Create auditor" className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="block text-slate-600">Email</span>
            <Input
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <label className="text-sm">
            <span className="block text-slate-600">Password (12 characters or more)</span>
            <Input
              type="password"
              required
              minLength={12}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <Button
            variant="unstyled"
            type="submit"
            disabled={create.isPending}
            className="rounded-lg bg-slate-900 px-4 py-2 text-sm text-white"
          >
            Create auditor
          </Button>
          {create.isError && (
            <p role="alert" className="w-full text-sm text-red-600">
              The auditor could not be created (is the address already an auditor?).
            </p>
          )}
        </form>
        <section aria-label="Auditor list">
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
            {(auditors.data?.auditors ?? []).map((a) => (
              <li key={a.id} className="flex gap-3 px-3 py-2">
                <span className="flex-1">{a.email}</span>
                <span className="text-slate-500">last sign-in {a.lastSignInAt ?? 'never'}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-label="What auditors read">
          <h2 className="mb-2 text-base font-semibold">What auditors read</h2>
          <table className="w-full rounded-xl border border-slate-200 bg-white text-xs">
            <thead>
              <tr className="text-left text-slate-500">
                <th className="p-2">When</th>
                <th className="p-2">Auditor</th>
                <th className="p-2">Read</th>
                <th className="p-2">Stream or search</th>
              </tr>
            </thead>
            <tbody>
              {(reads.data?.reads ?? []).map((r) => (
                <tr key={r.eventId} className="border-t border-slate-100">
                  <td className="p-2">{r.at}</td>
                  <td className="p-2">{r.auditorEmail}</td>
                  <td className="p-2">{r.view}</td>
                  <td className="p-2">
                    <code>{r.streamId ?? r.query}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </main>
    </div>
  );
}
