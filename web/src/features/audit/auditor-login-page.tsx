import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { StaffSignInForm } from '../../components/staff-sign-in-form';
import { useAuditorLogin } from './api/audit';

/** /audit/login: auditors sign in here, with their own session; an admin's or a user's does not open /audit. */
export function AuditorLoginPage() {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const login = useAuditorLogin();
  return (
    <StaffSignInForm
      formLabel="Auditor sign in"
      title="Auditor sign in"
      note="Read-only. Every history you open is recorded."
      usernameLabel="Email"
      submitLabel="Sign in"
      pending={login.isPending}
      error={error}
      onSubmit={(credentials) => {
        setError(undefined);
        login.mutate(credentials, {
          onSuccess: () => router.history.push('/audit'),
          onError: () => setError('Invalid credentials'),
        });
      }}
    />
  );
}
