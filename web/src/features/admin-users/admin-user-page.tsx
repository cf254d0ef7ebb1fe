import { type PlanId, PlanId as PlanIds } from '@scrivo/contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { AdminNav } from '../../components/admin/admin-nav';
import {
  describeError,
  type UserAction,
  useResendVerification,
  useUserAction,
  useUserDetail,
} from './api/admin-users';
import { ActionForm } from './components/action-form';
import { describeChange, formatDate, minutesLabel, planLabel, untilEndOfDay } from './labels';
import { useAdminGate } from '../../hooks/use-admin-gate';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

const PLANS: readonly PlanId[] = PlanIds.options;

/** /admin/users/$userId: the plan, minutes and status of one account, the operator's actions and their history. */
export function AdminUserPage({ userId }: { userId: string }) {
  const authed = useAdminGate();
  const detail = useUserDetail(userId, authed);
  const action = useUserAction(userId);
  const resend = useResendVerification(userId);
  const [failed, setFailed] = useState<{ kind: UserAction['kind']; message: string } | null>(null);
  const [plan, setPlan] = useState<PlanId>('business_pro');
  const [until, setUntil] = useState('');
  const [minutes, setMinutes] = useState('30');

  if (!authed) return <Spinner />;
  if (detail.error)
    return (
      <div className="min-h-screen bg-slate-50">
        <AdminNav />
        <p role="alert" className="m-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {describeError(detail.error)}
        </p>
      </div>
    );
  if (!detail.data) return <Spinner />;
  const { user, history } = detail.data;

  const run = async (next: UserAction): Promise<boolean> => {
    setFailed(null);
    try {
      await action.mutateAsync(next);
      return true;
    } catch (error) {
      setFailed({ kind: next.kind, message: describeError(error) });
      return false;
    }
  };
  const errorFor = (kind: UserAction['kind']) => (failed?.kind === kind ? failed.message : null);

  return (
    <div className="min-h-screen bg-slate-50">
      <AdminNav />
      <main className="mx-auto max-w-5xl space-y-4 p-4">
        <Link to="/admin/users" className="text-sm text-blue-700 hover:underline">
          ← All users
        </Link>
        <section aria-label="Account" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <h1 className="text-xl font-bold text-slate-900">{user.email}</h1>
          <p className="text-slate-600">
            {user.firstName} {user.lastName}
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 md:grid-cols-4">
            <dt className="text-slate-500">Plan</dt>
            <dd data-testid="user-plan">
              {planLabel(user.plan)}
              {user.planUntil
                ? ` until ${formatDate(user.planUntil)}, then ${planLabel(user.planAfter ?? 'free')}`
                : ''}
            </dd>
            <dt className="text-slate-500">Minutes ({user.period})</dt>
            <dd>
              {minutesLabel(user.minutesUsed, user.minutesAllowed)}
              {user.minutesGranted ? ` (${user.minutesGranted} granted)` : ''}
            </dd>
            <dt className="text-slate-500">Recordings</dt>
            <dd>{user.recordings}</dd>
            <dt className="text-slate-500">Status</dt>
            <dd data-testid="user-status">{user.suspended ? 'Suspended' : 'Active'}</dd>
            <dt className="text-slate-500">Email</dt>
            <dd>{user.emailVerified ? 'Verified' : 'Not verified'}</dd>
            <dt className="text-slate-500">Signed up</dt>
            <dd>{formatDate(user.createdAt)}</dd>
            <dt className="text-slate-500">Last sign-in</dt>
            <dd>{formatDate(user.lastSignInAt)}</dd>
            <dt className="text-slate-500">Sign-in</dt>
            <dd>
              {[user.hasPassword ? 'password' : null, user.googleLinked ? 'Google' : null]
                .filter(Boolean)
                .join(', ') || 'none yet'}
            </dd>
          </dl>
          {user.emailVerified ? null : (
            <div className="mt-3 flex items-center gap-2">
              <Button
                variant="unstyled"
                disabled={resend.isPending}
                onClick={() => resend.mutate()}
                className="rounded-lg border border-slate-300 px-3 py-1"
              >
                Resend verification email
              </Button>
              {resend.isSuccess ? <span role="status">Sent.</span> : null}
              {resend.error ? <span role="alert">{describeError(resend.error)}</span> : null}
            </div>
          )}
        </section>

        <div className="grid gap-4 md:grid-cols-3">
          <ActionForm
            title="Change plan"
            submitLabel="Change plan"
            busy={action.isPending}
            error={errorFor('plan')}
            onSubmit={(reason) =>
              run({ kind: 'plan', plan, until: until ? untilEndOfDay(until) : null, reason })
            }
          >
            <label className="block text-slate-700" htmlFor="plan-select">
              Plan
            </label>
            <select
              id="plan-select"
              value={plan}
              onChange={(e) => setPlan(PLANS.find((p) => p === e.target.value) ?? 'free')}
              className="w-full rounded-lg border border-slate-300 px-3 py-2"
            >
              {PLANS.map((p) => (
                <option key={p} value={p}>
                  {planLabel(p)}
                </option>
              ))}
            </select>
            <label className="block text-slate-700" htmlFor="plan-until">
              Until (optional; then back to the previous plan)
            </label>
            <Input
              id="plan-until"
              type="date"
              value={until}
              onChange={(e) => setUntil(e.target.value)}
              className="w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </ActionForm>

          <ActionForm
            title="Grant minutes"
            submitLabel="Grant minutes"
            busy={action.isPending}
            error={errorFor('minutes')}
            onSubmit={(reason) => run({ kind: 'minutes', minutes: Number(minutes), reason })}
          >
            <label className="block text-slate-700" htmlFor="grant-minutes">
              Extra minutes for this month
            </label>
            <Input
              id="grant-minutes"
              type="number"
              min={1}
              step={1}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              className="w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </ActionForm>

          {user.suspended ? (
            <ActionForm
              title="Reactivate"
              submitLabel="Reactivate"
              busy={action.isPending}
              error={errorFor('reactivate')}
              onSubmit={(reason) => run({ kind: 'reactivate', reason })}
            >
              <p className="text-slate-600">The user can sign in again.</p>
            </ActionForm>
          ) : (
            <ActionForm
              title="Suspend"
              submitLabel="Suspend"
              tone="danger"
              busy={action.isPending}
              error={errorFor('suspend')}
              onSubmit={(reason) => run({ kind: 'suspend', reason })}
            >
              <p className="text-slate-600">
                The user is signed out everywhere at once and cannot sign in. Their data stays.
              </p>
            </ActionForm>
          )}
        </div>

        <section aria-label="History" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <h2 className="mb-2 font-semibold text-slate-900">History</h2>
          {history.length === 0 ? (
            <p className="text-slate-500">No changes by an administrator yet.</p>
          ) : (
            <ol className="space-y-2">
              {history.map((change, i) => (
                <li key={`${change.at}-${i}`} className="border-b border-slate-100 pb-2 last:border-0">
                  <div className="font-medium text-slate-900">{describeChange(change)}</div>
                  <div className="text-slate-600">
                    {formatDate(change.at)} · by {change.by.label} · “{change.reason}”
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>
      </main>
    </div>
  );
}
