import type { AccountSession, User } from '@scrivo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../components/ui/toast';
import { Field } from '../../components/ui/field';
import { Button } from '../../components/ui/button';
import { serverMessage } from '../../lib/errors';
import { accountSessionsQueryKey, securityApi } from './api/privacy';

/** /account: change the password (current one required) and see or end the sessions signed in to the account. */
export function SecuritySection({ user }: { user: User }) {
  return (
    <section aria-labelledby="security-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="security-heading" className="mb-4 text-lg font-semibold">
        Security
      </h2>
      {user.hasPassword ? <ChangePasswordForm /> : null}
      <SessionsList />
    </section>
  );
}

function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();

  const change = useMutation({
    mutationFn: () => securityApi.changePassword(current, next),
    onSuccess: ({ signedOutSessions }) => {
      setCurrent('');
      setNext('');
      setConfirm('');
      void queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey });
      toast({
        title: 'Password changed',
        description:
          signedOutSessions === 0
            ? 'Your password has been changed.'
            : `Your password has been changed and ${signedOutSessions} other session${signedOutSessions === 1 ? ' was' : 's were'} signed out.`,
        variant: 'neutral',
      });
    },
    onError: (failure) => setError(serverMessage(failure, 'Could not change the password')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (next.length < 6) return setError('Password must be at least 6 characters');
    if (next !== confirm) return setError('The new passwords do not match');
    setError(undefined);
    change.mutate();
  };

  return (
    <form onSubmit={submit} noValidate className="mb-6 space-y-4" aria-label="Change password">
      <h3 className="font-medium text-slate-900">Change password</h3>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        maxLength={256}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          maxLength={256}
        />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          maxLength={256}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <p className="text-sm text-slate-500">
        Every other browser signed in to your account will be signed out.
      </p>
      <Button type="submit" disabled={change.isPending} className="sm:w-auto">
        {change.isPending ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString();

function SessionsList() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const sessions = useQuery({ queryKey: accountSessionsQueryKey, queryFn: securityApi.sessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey });
  const failed = (failure: unknown) =>
    toast({ title: 'Could not sign out', description: serverMessage(failure, 'An error occurred') });
  const revoke = useMutation({ mutationFn: securityApi.revoke, onSuccess: refresh, onError: failed });
  const revokeOthers = useMutation({
    mutationFn: securityApi.revokeOthers,
    onSuccess: refresh,
    onError: failed,
  });
  const list: AccountSession[] = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <div className="space-y-3">
      <h3 className="font-medium text-slate-900">Where you are signed in</h3>
      {sessions.isPending ? <p className="text-sm text-slate-500">Loading sessions...</p> : null}
      <ul
        aria-label="Active sessions"
        className="divide-y divide-slate-100 rounded-lg border border-slate-200"
      >
        {list.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
            <div>
              <p className="font-medium text-slate-900">
                {s.device}
                {s.current ? (
                  <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">
                    This browser
                  </span>
                ) : null}
              </p>
              <p className="text-slate-500">
                Last used {when(s.lastUsedAt)} · signed in {when(s.createdAt)}
              </p>
            </div>
            {s.current ? null : (
              <Button
                className="sm:w-auto"
                variant="secondary"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(s.id)}
                aria-label={`Sign out ${s.device}, last used ${when(s.lastUsedAt)}`}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Button
          className="sm:w-auto"
          variant="secondary"
          disabled={revokeOthers.isPending}
          onClick={() => revokeOthers.mutate()}
        >
          Sign out all other sessions
        </Button>
      ) : null}
    </div>
  );
}
