/** Which view of the auth page shows. Also carried in history state so resetting the URL to /auth keeps it. */
export type AuthView = 'signin' | 'signup' | 'verify' | 'forgot' | 'reset';

declare module '@tanstack/react-router' {
  interface HistoryState {
    authView?: AuthView;
    authEmail?: string;
  }
}

export interface AuthSearch {
  tab?: string;
  email?: string;
  token?: string;
  reset?: string;
  redirect?: string;
  error?: string;
}

const str = (v: unknown) => (typeof v === 'string' && v.length <= 2048 ? v : undefined);

/** The query parameters the auth routes read (tab, email, token or reset, redirect, error). */
export const validateAuthSearch = (search: Record<string, unknown>): AuthSearch => {
  const out: AuthSearch = {};
  for (const key of ['tab', 'email', 'token', 'reset', 'redirect', 'error'] as const) {
    const value = str(search[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
};

/** The first view for a path and its query (spec section 2 and 4). */
export const initialView = (
  path: 'signin' | 'signup' | 'auth' | 'forgot' | 'reset',
  search: AuthSearch,
): AuthView => {
  if (search.token || search.reset) return 'reset';
  if (path === 'forgot') return 'forgot';
  if (path === 'reset') return 'forgot';
  if (search.tab === 'signin') return 'signin';
  if (search.tab === 'signup') return 'signup';
  if (path === 'signup' || (path !== 'signin' && search.email)) return 'signup';
  if (path === 'signin') return 'signin';
  return 'signup';
};

export const GOOGLE_ERRORS: Record<string, string> = {
  google_not_configured: 'Google sign-in is not set up on this server. Please use your email and password.',
  google_failed: 'Google sign-in did not complete. Please try again.',
  google_email_not_verified: 'Google has not verified this email address, so it cannot be used to sign in.',
  google_account_mismatch: 'This email is linked to a different Google account.',
  account_suspended: 'This account has been suspended. Please contact the administrator of this server.',
  signups_closed: 'Sign-ups are closed on this server: only its administrators create accounts.',
  signup_not_invited:
    'Sign-ups on this server are by invitation only, and this Google address has not been invited.',
};
