import type { RegisterBody } from '@scrivo/contracts';
import { api, ok } from '../../lib/api-client';

/** The account calls of spec section 7. Non-OK answers throw HttpError ("status: text"). */
export const authApi = {
  login: (email: string, password: string) => ok(api.accounts.login({ body: { email, password } })),
  checkUserExists: (email: string) => ok(api.accounts.checkUserExists({ body: { email } })),
  sendVerification: (email: string, language?: Language) =>
    ok(api.accounts.sendVerification({ body: { email, language } })),
  resendVerification: (email: string, language?: Language) =>
    ok(api.accounts.resendVerification({ body: { email, language } })),
  verifyEmailCode: (email: string, code: string) =>
    ok(api.accounts.verifyEmailCode({ body: { email, code } })),
  register: (body: RegisterBody) => ok(api.accounts.register({ body })),
  logout: () => ok(api.accounts.logout()),
  requestPasswordReset: (email: string, language?: Language) =>
    ok(api.accounts.requestPasswordReset({ body: { email, language } })),
  validateResetToken: (token: string) => ok(api.accounts.validatePasswordReset({ body: { token } })),
  resetPassword: (token: string, newPassword: string) =>
    ok(api.accounts.verifyPasswordReset({ body: { token, newPassword } })),
  providers: () => ok(api.accounts.authProviders()),
};

export const adminApi = {
  login: (username: string, password: string) =>
    ok(api.accounts.adminLogin({ body: { username, password } })),
  checkAuth: () => ok(api.accounts.adminCheckAuth()),
  logout: () => ok(api.accounts.adminLogout()),
};

type Language = 'en' | 'es' | 'fr';

/** The language account emails are written in: the browser's, when Scrivo speaks it. */
export const browserLanguage = (): Language => {
  const base = (typeof navigator === 'undefined' ? 'en' : navigator.language).slice(0, 2).toLowerCase();
  return base === 'es' || base === 'fr' ? base : 'en';
};

/** The spec's "local flag" that marks the admin as authenticated in this browser. */
export const ADMIN_FLAG = 'adminAuthenticated';
