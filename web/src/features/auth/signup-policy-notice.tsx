import { useQuery } from '@tanstack/react-query';
import { authApi } from './auth-api';

/** What a visitor reads when this server does not take sign-ups from anyone (SCRIVO_SIGNUPS). */
export const SIGNUP_POLICY_TEXT = {
  invite:
    'Sign-ups on this server are by invitation only. If an administrator invited your email address, sign up with it below; otherwise please ask them for an invitation.',
  closed:
    'Sign-ups are closed on this server: only its administrators create accounts. If you have an account, sign in.',
} as const;

/** Shares the auth page's query, so the policy is fetched once for both. */
export const useAuthProviders = () =>
  useQuery({ queryKey: ['auth-providers'], queryFn: authApi.providers, staleTime: 60_000 });

/** Says plainly, on the landing and auth pages, when sign-ups are not open; renders nothing when they are. */
export function SignupPolicyNotice({ className = '' }: { className?: string }) {
  const providers = useAuthProviders();
  const policy = providers.data?.signups;
  if (!policy || policy === 'open') return null;
  return (
    <p
      role="note"
      data-testid="signup-policy"
      className={`rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ${className}`}
    >
      {SIGNUP_POLICY_TEXT[policy]}
    </p>
  );
}
