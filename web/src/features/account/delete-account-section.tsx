import type { User } from '@scrivo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Field } from '../auth/components/field';
import { serverMessage } from '../auth/errors';
import { deleteAccount } from './privacy-api';

/**
 * Delete my account (/data-privacy and /account): the password confirms it is the owner. Once the server has
 * accepted, every browser is signed out and the recordings are erased in the background; this one goes home.
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);

  const erase = useMutation({
    mutationFn: () => deleteAccount(password),
    onSuccess: ({ message }) => {
      setDone(message);
      queryClient.clear();
      setTimeout(() => window.location.assign('/'), 2500);
    },
    onError: (failure) => setError(serverMessage(failure, 'Could not delete the account')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Please enter your password');
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
      ) : user.hasPassword ? (
        <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
          <p>
            Your account, every recording with its media and transcript, and your sessions everywhere are
            erased. This cannot be undone. Administrators will see that an account was erased, and when.
          </p>
          <Field
            label="Password to confirm"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            maxLength={256}
          />
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />I
            understand that my recordings and transcripts are erased for good
          </label>
          {error ? (
            <p role="alert" className="text-red-600">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={!understood || erase.isPending}
            className="rounded-lg bg-red-700 px-4 py-2.5 font-medium text-white hover:bg-red-800 disabled:opacity-50"
          >
            {erase.isPending ? 'Deleting...' : 'Delete my account'}
          </button>
        </form>
      ) : (
        <p className="text-sm text-slate-700">
          Your account signs in with Google only. To delete it,{' '}
          <Link to="/forgot-password" className="font-medium text-brand-600 hover:underline">
            set a password by email
          </Link>{' '}
          first, then confirm with it here.
        </p>
      )}
    </section>
  );
}
