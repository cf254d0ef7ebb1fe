import { initContract } from '@ts-rest/core';
import { ErrorBody } from '../common/errors';
import {
  AdminCheckAnswer,
  AuthProvidersAnswer,
  AdminLoginAnswer,
  BillingPortalAnswer,
  AdminLoginBody,
  ChangePlanAnswer,
  ChangePlanBody,
  EmailBody,
  EmailWithLanguageBody,
  ExistsAnswer,
  LoginBody,
  MessageAnswer,
  OkAnswer,
  RegisterAnswer,
  RegisterBody,
  ResetTokenBody,
  ResetValidateAnswer,
  ResetVerifyBody,
  UpdateAccountBody,
  User,
  VerifyEmailCodeBody,
} from './accounts.schemas';

const c = initContract();
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Spec section 7, the account calls, plus /api/account for the account page. */
export const accountsContract = c.router({
  currentUser: {
    method: 'GET',
    path: '/api/user',
    responses: { 200: User, 401: ErrorBody },
    summary: 'The signed-in user; 401 when nobody is signed in',
  },
  login: {
    method: 'POST',
    path: '/api/login',
    body: LoginBody,
    responses: { 200: User, ...errors },
    summary: 'Sign in with email and password (403 EMAIL_NOT_VERIFIED sends a new code)',
  },
  checkUserExists: {
    method: 'POST',
    path: '/api/check-user-exists',
    body: EmailBody,
    responses: { 200: ExistsAnswer, ...errors },
    summary: 'Whether an account uses this email',
  },
  sendVerification: {
    method: 'POST',
    path: '/api/send-verification',
    body: EmailWithLanguageBody,
    responses: { 200: OkAnswer, ...errors, 502: ErrorBody },
    summary: 'EmailAddress a 6-digit verification code (valid 10 minutes)',
  },
  resendVerification: {
    method: 'POST',
    path: '/api/send-verification-code',
    body: EmailWithLanguageBody,
    responses: { 200: OkAnswer, ...errors, 502: ErrorBody },
    summary: 'EmailAddress a new verification code',
  },
  verifyEmailCode: {
    method: 'POST',
    path: '/api/verify-email-code',
    body: VerifyEmailCodeBody,
    responses: { 200: OkAnswer, ...errors },
    summary: 'Check a verification code (5 wrong tries, then a new code is needed)',
  },
  register: {
    method: 'POST',
    path: '/api/register',
    body: RegisterBody,
    responses: { 201: RegisterAnswer, 202: RegisterAnswer, ...errors },
    summary:
      'Create the account and sign in (201). Without a verified email the account is created unverified, a code is sent and nobody is signed in (202).',
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    body: c.noBody(),
    responses: { 200: OkAnswer },
    summary: 'Sign out: revokes the session',
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/password-reset/request',
    body: EmailWithLanguageBody,
    responses: { 200: MessageAnswer, ...errors, 502: ErrorBody },
    summary:
      'EmailAddress a single-use reset link (valid 1 hour); the answer is the same whether the account exists or not',
  },
  validatePasswordReset: {
    method: 'POST',
    path: '/api/password-reset/validate',
    body: ResetTokenBody,
    responses: { 200: ResetValidateAnswer, ...errors },
    summary: 'Whether a reset token can still be used',
  },
  verifyPasswordReset: {
    method: 'POST',
    path: '/api/password-reset/verify',
    body: ResetVerifyBody,
    responses: { 200: OkAnswer, ...errors },
    summary: 'Set a new password with a reset token; signs the account out everywhere',
  },
  adminLogin: {
    method: 'POST',
    path: '/api/admin/login',
    body: AdminLoginBody,
    responses: { 200: AdminLoginAnswer, 400: ErrorBody, 401: AdminLoginAnswer, 429: ErrorBody },
    summary: 'Administrator sign-in (a separate session cookie)',
  },
  adminCheckAuth: {
    method: 'GET',
    path: '/api/admin/check-auth',
    responses: { 200: AdminCheckAnswer },
    summary: 'Whether an administrator is signed in',
  },
  adminLogout: {
    method: 'POST',
    path: '/api/admin/logout',
    body: c.noBody(),
    responses: { 200: OkAnswer },
    summary: 'Administrator sign-out',
  },
  authProviders: {
    method: 'GET',
    path: '/api/auth/providers',
    responses: { 200: AuthProvidersAnswer },
    summary: 'Which external sign-in methods this server has configured',
  },
  getAccount: {
    method: 'GET',
    path: '/api/account',
    responses: { 200: User, 401: ErrorBody },
    summary: 'The account page: profile, plan and sign-in methods',
  },
  updateAccount: {
    method: 'PATCH',
    path: '/api/account',
    body: UpdateAccountBody,
    responses: { 200: User, ...errors },
    summary: 'Change first name, last name or language',
  },
  changePlan: {
    method: 'POST',
    path: '/api/account/plan',
    body: ChangePlanBody,
    responses: { 200: ChangePlanAnswer, ...errors, 501: ErrorBody },
    summary:
      "Free applies at once; a paid plan answers the payment provider's checkout page and becomes active when the provider confirms the payment (501 when no provider is configured)",
  },
  openBillingPortal: {
    method: 'POST',
    path: '/api/account/billing-portal',
    body: c.noBody(),
    responses: { 200: BillingPortalAnswer, ...errors, 501: ErrorBody },
    summary:
      'A page of the payment provider where the user manages the subscription (card, invoices, cancel); 409 when there is none',
  },
});

export type AccountsContract = typeof accountsContract;
