import type { User } from '@scrivo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Field } from '../../components/ui/field';
import { serverMessage } from '../../lib/errors';
import { deleteAccount, ownedWorkspaces, sendDeletionCode } from './api/privacy';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/input';

/**
 * Delete my account (/data-privacy and /account): the password, or a code emailed to the owner (the only way
 * for an account made through Google), confirms it is them. Once the server has accepted, every browser is
 * signed out and the recordings are erased in the background; this one goes home.
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [byCode, setByCode] = useState(!user.hasPassword);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const owned = useQuery({ queryKey: ['account', 'owned-workspaces'], queryFn: ownedWorkspaces });

  const erase = useMutation({
    mutationFn: () => deleteAccount(byCode ? { code: code.trim() } : { password }),
    onSuccess: ({ message }) => {
      setDone(message);
      queryClient.clear();
      setTimeout(() => window.location.assign('/'), 2500);
    },
    onError: (failure) => setError(serverMessage(failure, 'Could not delete the account')),
  });
  const send = useMutation({
    mutationFn: sendDeletionCode,
    onSuccess: ({ message }) => {
      setCodeSent(message);
      setError(undefined);
    },
    onError: (failure) => setError(serverMessage(failure, 'Could not send the code')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (byCode && !/^\d{6}$/.test(code.trim()))
      return setError('Please enter the 6-digit code we emailed you');
    if (!byCode && !password) return setError('Please enter your password');
    setError(undefined);
    erase.mutate();
  };

  return (
    <section aria-labelledby="delete-heading" className="rounded-2xl border border-red-200 bg-white p-6">
      <h2 id="delete-heading" className="mb-2 text-lg font-semibold text-red-800">
        Delete my account
      </h2>
      {done ? (
        <p role="status" className="text-sm text-slate-700">
          {done}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
          <p>
            Your account, every recording with its media and transcript, your support chats and your sessions
            everywhere are erased. This cannot be undone. Administrators will see that an account was erased,
            and when.
          </p>
          {owned.data?.length ? (
            <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900">
              You own {owned.data.length === 1 ? 'the workspace' : 'the workspaces'}{' '}
              {owned.data.map((w) => w.name).join(', ')}: {owned.data.length === 1 ? 'it is' : 'they are'}{' '}
              deleted with your account, and its members keep only the recordings they uploaded themselves. To
              keep {owned.data.length === 1 ? 'it' : 'them'}, hand {owned.data.length === 1 ? 'it' : 'each'}{' '}
              over to another member first.
            </p>
          ) : null}
          {byCode ? (
            <div className="space-y-3">
              {!user.hasPassword ? (
                <p>Your account signs in with Google only: confirm with a code sent to {user.email}.</p>
              ) : null}
              <Button
                variant="unstyled"
                onClick={() => send.mutate()}
                disabled={send.isPending}
                className="rounded-lg border border-slate-300 px-3 py-2 font-medium hover:bg-slate-50 disabled:opacity-50"
              >
                {send.isPending ? 'Sending...' : codeSent ? 'Send me a new code' : 'Send me a code'}
              </Button>
              {codeSent ? (
                <p role="status" className="text-slate-600">
                  {codeSent}
                </p>
              ) : null}
              <Field
                label="Code from the email"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                maxLength={6}
              />
            </div>
          ) : (
            <Field
              label="Password to confirm"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              maxLength={256}
            />
          )}
          {user.hasPassword ? (
            <Button
              variant="unstyled"
              onClick={() => {
                setByCode(!byCode);
                setError(undefined);
              }}
              className="font-medium text-brand-600 hover:underline"
            >
              {byCode ? 'Confirm with my password instead' : 'Confirm with a code sent to my email instead'}
            </Button>
          ) : null}
          <label className="flex items-center gap-2">
            <Checkbox checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />I understand
            that my recordings and transcripts are erased for good
          </label>
          {error ? (
            <p role="alert" className="text-red-600">
              {error}
            </p>
          ) : null}
          <Button
            variant="unstyled"
            type="submit"
            disabled={!understood || erase.isPending}
            className="rounded-lg bg-red-700 px-4 py-2.5 font-medium text-white hover:bg-red-800 disabled:opacity-50"
          >
            {erase.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </form>
      )}
    </section>
  );
}
