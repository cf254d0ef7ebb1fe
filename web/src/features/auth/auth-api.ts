import type { RegisterBody, User } from '@scrivo/contracts';
import { apiJson } from '../../lib/http';

/** The account calls of spec section 7. Non-OK answers throw HttpError ("status: text"). */
export const authApi = {
  login: (email: string, password: string) => apiJson<User>('POST', '/api/login', { email, password }),
  checkUserExists: (email: string) =>
    apiJson<{ exists: boolean }>('POST', '/api/check-user-exists', { email }),
  sendVerification: (email: string, language?: Language) =>
    apiJson<{ success: true; message: string }>('POST', '/api/send-verification', { email, language }),
  resendVerification: (email: string, language?: Language) =>
    apiJson<{ success: true; message: string }>('POST', '/api/send-verification-code', { email, language }),
  verifyEmailCode: (email: string, code: string) =>
    apiJson<{ success: true; message: string }>('POST', '/api/verify-email-code', { email, code }),
  register: (body: RegisterBody) =>
    apiJson<{ user: User; redirectTo: string }>('POST', '/api/register', body),
  logout: () => apiJson<{ success: true }>('POST', '/api/logout'),
  requestPasswordReset: (email: string, language?: Language) =>
    apiJson<{ message: string }>('POST', '/api/password-reset/request', { email, language }),
  validateResetToken: (token: string) =>
    apiJson<{ valid: true; email: string }>('POST', '/api/password-reset/validate', { token }),
  resetPassword: (token: string, newPassword: string) =>
    apiJson<{ success: true; message: string }>('POST', '/api/password-reset/verify', { token, newPassword }),
  providers: () => apiJson<{ google: boolean }>('GET', '/api/auth/providers'),
};

export const adminApi = {
  login: (username: string, password: string) =>
    apiJson<{ success: boolean; error?: string }>('POST', '/api/admin/login', { username, password }),
  checkAuth: () => apiJson<{ isAuthenticated: boolean }>('GET', '/api/admin/check-auth'),
  logout: () => apiJson<{ success: true }>('POST', '/api/admin/logout'),
};

type Language = 'en' | 'es' | 'fr';

/** The language account emails are written in: the browser's, when Scrivo speaks it. */
export const browserLanguage = (): Language => {
  const base = (typeof navigator === 'undefined' ? 'en' : navigator.language).slice(0, 2).toLowerCase();
  return base === 'es' || base === 'fr' ? base : 'en';
};

/** The spec's "local flag" that marks the admin as authenticated in this browser. */
export const ADMIN_FLAG = 'adminAuthenticated';
