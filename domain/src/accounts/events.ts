import type { DomainEvent } from '../kernel/events';

import { PLAN_IDS, type PlanId } from '../plans/plan-catalogue';

export type { PlanId };
export type Language = 'en' | 'es' | 'fr';
export const PLANS: readonly PlanId[] = PLAN_IDS;
export const LANGUAGES: readonly Language[] = ['en', 'es', 'fr'];

/** How an account proved it owns its email address. */
export type VerificationMethod = 'code' | 'google' | 'password_reset';

// ---- user account stream: `user-{userId}` ----
export type UserRegistered = DomainEvent<
  'UserRegistered',
  {
    userId: string;
    email: string;
    /** argon2id hash; null for accounts created through Google that never set a password. */
    passwordHash: string | null;
    firstName: string;
    lastName: string;
    industry: string | null;
    hearAboutUs: string | null;
    language: Language;
    plan: PlanId;
    registeredAt: string;
  }
>;
export type UserEmailVerified = DomainEvent<
  'UserEmailVerified',
  { userId: string; email: string; method: VerificationMethod; verifiedAt: string }
>;
export type UserSignedIn = DomainEvent<
  'UserSignedIn',
  { userId: string; method: 'password' | 'google'; at: string }
>;
export type UserSignInFailed = DomainEvent<
  'UserSignInFailed',
  { userId: string; reason: 'wrong_password' | 'no_password' | 'email_not_verified'; at: string }
>;
export type PasswordResetRequested = DomainEvent<
  'PasswordResetRequested',
  { userId: string; tokenHash: string; expiresAt: string; requestedAt: string }
>;
export type PasswordChanged = DomainEvent<
  'PasswordChanged',
  { userId: string; passwordHash: string; via: 'reset'; tokenHash: string; changedAt: string }
>;
/**
 * The address was proven another way (Google) while the account was still unverified: the password set by whoever
 * registered it without proving the address is dropped, so a squatter who pre-registered cannot sign in later.
 */
export type UnverifiedPasswordRemoved = DomainEvent<
  'UnverifiedPasswordRemoved',
  { userId: string; reason: 'email_verified_by_google'; removedAt: string }
>;
export type UserProfileUpdated = DomainEvent<
  'UserProfileUpdated',
  { userId: string; firstName?: string; lastName?: string; language?: Language; updatedAt: string }
>;
export type UserPlanChanged = DomainEvent<
  'UserPlanChanged',
  { userId: string; from: PlanId; to: PlanId; changedAt: string }
>;
export type GoogleIdentityLinked = DomainEvent<
  'GoogleIdentityLinked',
  { userId: string; googleSubject: string; linkedAt: string }
>;

export type UserEvent =
  | UserRegistered
  | UserEmailVerified
  | UserSignedIn
  | UserSignInFailed
  | PasswordResetRequested
  | PasswordChanged
  | UnverifiedPasswordRemoved
  | UserProfileUpdated
  | UserPlanChanged
  | GoogleIdentityLinked;

// ---- email verification stream: `email-verification-{email}` ----
// Codes are sent before the account exists (the sign-up form verifies the address, then registers), so they
// live on a stream of their own, keyed by the normalised address.
export type VerificationCodeIssued = DomainEvent<
  'VerificationCodeIssued',
  { email: string; codeHash: string; issuedAt: string; expiresAt: string }
>;
export type VerificationCodeRejected = DomainEvent<
  'VerificationCodeRejected',
  { email: string; attempt: number; attemptsLeft: number; at: string }
>;
export type EmailAddressVerified = DomainEvent<'EmailAddressVerified', { email: string; verifiedAt: string }>;
export type EmailVerificationConsumed = DomainEvent<
  'EmailVerificationConsumed',
  { email: string; userId: string; at: string }
>;
export type EmailVerificationEvent =
  VerificationCodeIssued | VerificationCodeRejected | EmailAddressVerified | EmailVerificationConsumed;

// ---- email claim streams: `user-email-{email}` and `admin-email-{email}` ----
// Appending the claim with expectedRevision 'no_stream' makes an address unique without a read model.
export type EmailClaimed = DomainEvent<'EmailClaimed', { email: string; ownerId: string; at: string }>;
export type EmailClaimEvent = EmailClaimed;

// ---- admin account stream: `admin-{adminId}` ----
export type AdminCreated = DomainEvent<
  'AdminCreated',
  {
    adminId: string;
    email: string;
    passwordHash: string;
    createdBy: 'environment' | 'cli';
    createdAt: string;
  }
>;
export type AdminPasswordChanged = DomainEvent<
  'AdminPasswordChanged',
  { adminId: string; passwordHash: string; changedBy: 'environment' | 'cli'; changedAt: string }
>;
export type AdminSignedIn = DomainEvent<'AdminSignedIn', { adminId: string; at: string }>;
export type AdminSignInFailed = DomainEvent<'AdminSignInFailed', { adminId: string; at: string }>;
export type AdminEvent = AdminCreated | AdminPasswordChanged | AdminSignedIn | AdminSignInFailed;

export const USER_EVENT_TYPES: readonly UserEvent['type'][] = [
  'UserRegistered',
  'UserEmailVerified',
  'UserSignedIn',
  'UserSignInFailed',
  'PasswordResetRequested',
  'PasswordChanged',
  'UnverifiedPasswordRemoved',
  'UserProfileUpdated',
  'UserPlanChanged',
  'GoogleIdentityLinked',
];
export const ADMIN_EVENT_TYPES: readonly AdminEvent['type'][] = [
  'AdminCreated',
  'AdminPasswordChanged',
  'AdminSignedIn',
  'AdminSignInFailed',
];
