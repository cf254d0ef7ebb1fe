import { type FormEvent, useState } from 'react';
import { Button } from './ui/button';
import { Field } from './ui/field';

export interface StaffCredentials {
  readonly username: string;
  readonly password: string;
}

/**
 * The sign-in card of the staff consoles (admin and auditor): one page each, the same form, so a change to how staff
 * sign in (field limits, the busy state, where the error is read out) is made once. The username is an email and is
 * sent trimmed; the page decides what a sign-in does and which error to show.
 */
export function StaffSignInForm({
  formLabel,
  title,
  note,
  usernameLabel,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  formLabel: string;
  title: string;
  note?: string;
  usernameLabel: string;
  submitLabel: string;
  pending: boolean;
  error?: string;
  onSubmit: (credentials: StaffCredentials) => void;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ username: username.trim(), password });
  };
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <form
        onSubmit={submit}
        className="w-full max-w-sm space-y-4 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
        aria-label={formLabel}
      >
        <div className="text-center">
          <p className="text-2xl font-extrabold tracking-tight text-brand-600">Scrivo</p>
          <h1 className="mt-1 text-lg font-semibold text-slate-900">{title}</h1>
          {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
        </div>
        <Field
          label={usernameLabel}
          name="username"
          type="email"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
          maxLength={254}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          maxLength={256}
        />
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <Button type="submit" busy={pending} busyLabel="Signing in...">
          {submitLabel}
        </Button>
      </form>
    </main>
  );
}
