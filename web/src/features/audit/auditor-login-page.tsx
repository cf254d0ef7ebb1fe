import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Field } from '../../components/ui/field';
import { Button } from '../../components/ui/button';
import { useAuditorLogin } from './api/audit';

/** /audit/login: auditors sign in here, with their own session; an admin's or a user's does not open /audit. */
export function AuditorLoginPage() {
  const router = useRouter();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const login = useAuditorLogin();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => router.history.push('/audit'),
        onError: () => setError('Invalid credentials'),
      },
    );
  };
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <form
        onSubmit={submit}
        className="w-full max-w-sm space-y-4 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
        aria-label="Auditor sign in"
      >
        <div className="text-center">
          <p className="text-2xl font-extrabold tracking-tight text-brand-600">Scrivo</p>
          <h1 className="mt-1 text-lg font-semibold text-slate-900">Auditor sign in</h1>
          <p className="mt-1 text-xs text-slate-500">Read-only. Every history you open is recorded.</p>
        </div>
        <Field
          label="Email"
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
        <Button type="submit" busy={login.isPending} busyLabel="Signing in...">
          Sign in
        </Button>
      </form>
    </main>
  );
}
