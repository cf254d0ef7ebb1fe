import { accountsContract, type RegisterBody } from '@scrivo/contracts';
import { clientFor, ok } from '../client-for';

// Only the accounts routes: this module is on the landing page's first download.
const accounts = clientFor(accountsContract);

/** The account calls of spec section 7. Non-OK answers throw HttpError ("status: text"). */
export const authApi = {
  login: (email: string, password: string) => ok(accounts.login({ body: { email, password } })),
  checkUserExists: (email: string) => ok(accounts.checkUserExists({ body: { email } })),
  sendVerification: (email: string, language?: Language) =>
    ok(accounts.sendVerification({ body: { email, language } })),
  resendVerification: (email: string, language?: Language) =>
    ok(accounts.resendVerification({ body: { email, language } })),
  verifyEmailCode: (email: string, code: string) => ok(accounts.verifyEmailCode({ body: { email, code } })),
  register: (body: RegisterBody) => ok(accounts.register({ body })),
  logout: () => ok(accounts.logout()),
  requestPasswordReset: (email: string, language?: Language) =>
    ok(accounts.requestPasswordReset({ body: { email, language } })),
  validateResetToken: (token: string) => ok(accounts.validatePasswordReset({ body: { token } })),
  resetPassword: (token: string, newPassword: string) =>
    ok(accounts.verifyPasswordReset({ body: { token, newPassword } })),
  providers: () => ok(accounts.authProviders()),
};

export const adminApi = {
  login: (username: string, password: string) => ok(accounts.adminLogin({ body: { username, password } })),
  checkAuth: () => ok(accounts.adminCheckAuth()),
  logout: () => ok(accounts.adminLogout()),
};

type Language = 'en' | 'es' | 'fr';

/** The language account emails are written in: the browser's, when Scrivo speaks it. */
export const browserLanguage = (): Language => {
  const base = (typeof navigator === 'undefined' ? 'en' : navigator.language).slice(0, 2).toLowerCase();
  return base === 'es' || base === 'fr' ? base : 'en';
};

/** The spec's "local flag" that marks the admin as authenticated in this browser. */
export const ADMIN_FLAG = 'adminAuthenticated';
