import { registerErrorStatus } from '../../common/api-error';

/** HTTP status of each accounts DomainError code (unknown codes would answer 422). */
export const registerAccountErrorCodes = (): void => {
  registerErrorStatus('EMAIL_TAKEN', 409);
  registerErrorStatus('EMAIL_NOT_VERIFIED', 403);
  registerErrorStatus('INVALID_CREDENTIALS', 401);
  registerErrorStatus('INVALID_VERIFICATION_CODE', 400);
  registerErrorStatus('VERIFICATION_CODE_EXPIRED', 400);
  registerErrorStatus('VERIFICATION_CODE_MISSING', 400);
  registerErrorStatus('TOO_MANY_ATTEMPTS', 429);
  registerErrorStatus('INVALID_RESET_TOKEN', 400);
  registerErrorStatus('USER_NOT_FOUND', 404);
  registerErrorStatus('GOOGLE_ACCOUNT_MISMATCH', 409);
  registerErrorStatus('GOOGLE_EMAIL_NOT_VERIFIED', 403);
  registerErrorStatus('PAYMENTS_NOT_CONFIGURED', 501);
  registerErrorStatus('INVALID_WEBHOOK_SIGNATURE', 400);
  registerErrorStatus('SUBSCRIPTION_EXISTS', 409);
  registerErrorStatus('NO_SUBSCRIPTION', 409);
  registerErrorStatus('PAYMENT_PROVIDER_ERROR', 502);
  registerErrorStatus('ADMIN_NOT_FOUND', 404);
  registerErrorStatus('ADMIN_EXISTS', 409);
  registerErrorStatus('AUDITOR_EXISTS', 409);
  registerErrorStatus('ACCOUNT_SUSPENDED', 403);
  registerErrorStatus('SIGNUPS_CLOSED', 403);
  registerErrorStatus('SIGNUP_NOT_INVITED', 403);
  registerErrorStatus('REASON_REQUIRED', 400);
  registerErrorStatus('INVALID_MINUTES', 400);
  registerErrorStatus('INVALID_PLAN_UNTIL', 400);
  registerErrorStatus('WRONG_CURRENT_PASSWORD', 403);
  registerErrorStatus('NO_PASSWORD', 409);
  registerErrorStatus('SESSION_NOT_FOUND', 404);
};
