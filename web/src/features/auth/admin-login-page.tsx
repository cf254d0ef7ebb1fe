import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useToast } from '../../components/ui/toast';
import { HttpError } from '../../lib/http';
import { ADMIN_FLAG, adminApi } from '../../lib/api/auth';
import { StaffSignInForm, type StaffCredentials } from '../../components/staff-sign-in-form';

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
  const [error, setError] = useState<string>();
  const login = useMutation({
    mutationFn: ({ username, password }: StaffCredentials) => adminApi.login(username, password),
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
  return (
    <StaffSignInForm
      formLabel="Admin sign in"
      title="Admin Login"
      usernameLabel="Username"
      submitLabel="Sign In"
      pending={pendingOverride ?? login.isPending}
      error={error}
      onSubmit={(credentials) => login.mutate(credentials)}
    />
  );
}
