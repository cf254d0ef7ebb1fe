import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../components/ui/toast';
import { HttpError } from '../../lib/http';
import { ADMIN_FLAG, adminApi } from '../../lib/auth-api';
import { Field } from '../../components/ui/field';
import { Button } from '../../components/ui/button';

const adminLoginError = (error: unknown): string => {
  if (error instanceof HttpError) {
    try {
      const body = JSON.parse(error.body) as { error?: unknown };
      if (typeof body.error === 'string' && body.error) return body.error;
    } catch {
      // not JSON
    }
    return 'Invalid credentials';
  }
  return 'Login failed. Please try again.';
};

/** /admin/login (spec section 2): username (email) and password, 'Signing in...' while pending, then /admin/chat. */
export function AdminLoginPage({ pendingOverride }: { pendingOverride?: boolean }) {
  const router = useRouter();
  const { toast } = useToast();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const login = useMutation({
    mutationFn: () => adminApi.login(username.trim(), password),
    onSuccess: () => {
      localStorage.setItem(ADMIN_FLAG, 'true');
      router.history.push('/admin/chat');
    },
    onError: (failure) => {
      const message = adminLoginError(failure);
      setError(message);
      toast({ title: message });
    },
  });
  const pending = pendingOverride ?? login.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <form
        onSubmit={submit}
        className="w-full max-w-sm space-y-4 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
        aria-label="Admin sign in"
      >
        <div className="text-center">
          <p className="text-2xl font-extrabold tracking-tight text-brand-600">Scrivo</p>
          <h1 className="mt-1 text-lg font-semibold text-slate-900">Admin Login</h1>
        </div>
        <Field
          label="Username"
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
          Sign In
        </Button>
      </form>
    </main>
  );
}
