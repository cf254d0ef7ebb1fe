import type { DomainEvent } from '../kernel/events';

import { PLAN_IDS, type PlanId } from '../plans/plan-catalogue';
import type { SubscriptionSnapshot } from './subscription';

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
  /** `sign_up`: the session a sign-up with an already proven address starts at once. */
  { userId: string; method: 'password' | 'google' | 'sign_up'; at: string }
>;
export type UserSignInFailed = DomainEvent<
  'UserSignInFailed',
  {
    userId: string;
    reason: 'wrong_password' | 'no_password' | 'email_not_verified' | 'suspended';
    at: string;
  }
>;
export type PasswordResetRequested = DomainEvent<
  'PasswordResetRequested',
  { userId: string; tokenHash: string; expiresAt: string; requestedAt: string }
>;
/**
 * A new password: through a reset link (`tokenHash` is the link's, spent from then on), or changed on the account
 * page with the current password (`via: 'change'`, no token).
 */
export type PasswordChanged = DomainEvent<
  'PasswordChanged',
  {
    userId: string;
    passwordHash: string;
    via: 'reset' | 'change';
    tokenHash: string | null;
    changedAt: string;
  }
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

/**
 * Who made an operator's change: an admin signed in to the console, the server's command line (whoever can
 * run it already holds the server), or the server itself following a person's own request (an erased account's
 * invitation is withdrawn). `label` is what the history shows (the admin's email).
 */
export interface ChangedBy {
  readonly kind: 'admin' | 'cli' | 'system';
  readonly adminId: string | null;
  readonly label: string;
}

/** An operator set the plan; with `until`, it lasts until then and `thenPlan` follows without anyone acting. */
export type UserPlanSetByAdmin = DomainEvent<
  'UserPlanSetByAdmin',
  {
    userId: string;
    from: PlanId;
    to: PlanId;
    until: string | null;
    thenPlan: PlanId | null;
    by: ChangedBy;
    reason: string;
    changedAt: string;
  }
>;
/** Extra minutes on top of the plan's allowance, for one usage period (`YYYY-MM`) only. */
export type UserMinutesGranted = DomainEvent<
  'UserMinutesGranted',
  {
    userId: string;
    grantId: string;
    period: string;
    minutes: number;
    by: ChangedBy;
    reason: string;
    grantedAt: string;
  }
>;
export type UserSuspended = DomainEvent<
  'UserSuspended',
  { userId: string; by: ChangedBy; reason: string; suspendedAt: string }
>;
export type UserReactivated = DomainEvent<
  'UserReactivated',
  { userId: string; by: ChangedBy; reason: string; reactivatedAt: string }
>;

/**
 * The payment provider told us about the user's subscription (a signed webhook): the snapshot it carried, newer
 * than what the stream held. `providerEventId` makes a redelivery of the same notification change nothing.
 */
export type UserSubscriptionChanged = DomainEvent<
  'UserSubscriptionChanged',
  { userId: string; providerEventId: string; subscription: SubscriptionSnapshot; changedAt: string }
>;
/** A renewal payment failed: the plan stays until `graceUntil`, then the account is Free unless it is paid. */
export type UserSubscriptionPaymentFailed = DomainEvent<
  'UserSubscriptionPaymentFailed',
  { userId: string; providerEventId: string; subscriptionId: string; graceUntil: string; failedAt: string }
>;

/**
 * The owner asked for the account to be erased (confirmed with their password). From here the account is gone for
 * every reader (sessions end, sign-in fails); the account-erasure reactor then erases what it held and appends
 * `AccountErased`. What the history keeps of it: when and by whom, never what it held.
 */
export type AccountErasureRequested = DomainEvent<
  'AccountErasureRequested',
  { userId: string; by: { kind: 'user'; id: string }; requestedAt: string }
>;
/** Every recording, its media and transcript erased, the address released: the erasure is done. */
export type AccountErased = DomainEvent<'AccountErased', { userId: string; erasedAt: string }>;

export type UserEvent =
  | AccountErasureRequested
  | AccountErased
  | UserRegistered
  | UserEmailVerified
  | UserSignedIn
  | UserSignInFailed
  | PasswordResetRequested
  | PasswordChanged
  | UnverifiedPasswordRemoved
  | UserProfileUpdated
  | UserPlanChanged
  | GoogleIdentityLinked
  | UserPlanSetByAdmin
  | UserMinutesGranted
  | UserSuspended
  | UserReactivated
  | UserSubscriptionChanged
  | UserSubscriptionPaymentFailed;

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
/** The owner's account was erased: the address is free to sign up again. */
export type EmailClaimReleased = DomainEvent<'EmailClaimReleased', { ownerId: string; at: string }>;
export type EmailClaimEvent = EmailClaimed | EmailClaimReleased;

// ---- sign-up invitation stream: `user-invitation-{email}` ----
// With SCRIVO_SIGNUPS=invite only an invited address may sign up (still through the verified flow).
export type UserInvited = DomainEvent<'UserInvited', { email: string; by: ChangedBy; invitedAt: string }>;
/** An operator took the invitation back before it was used: the address may no longer sign up (invite mode). */
export type UserInvitationRevoked = DomainEvent<
  'UserInvitationRevoked',
  { email: string; by: ChangedBy; revokedAt: string }
>;
export type InvitationEvent = UserInvited | UserInvitationRevoked;

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

// ---- auditor account stream: `auditor-{auditorId}` ----
// Auditors are read-only staff: a kind of account of their own (never an admin), with their own sign-in.
/** Who made an auditor: the server's environment, its command line, or an admin in the console. */
export type AuditorCreatedBy =
  { readonly kind: 'environment' | 'cli' } | { readonly kind: 'admin'; readonly adminId: string };
export type AuditorCreated = DomainEvent<
  'AuditorCreated',
  { auditorId: string; email: string; passwordHash: string; createdBy: AuditorCreatedBy; createdAt: string }
>;
export type AuditorPasswordChanged = DomainEvent<
  'AuditorPasswordChanged',
  { auditorId: string; passwordHash: string; changedBy: AuditorCreatedBy; changedAt: string }
>;
export type AuditorSignedIn = DomainEvent<'AuditorSignedIn', { auditorId: string; at: string }>;
export type AuditorSignInFailed = DomainEvent<'AuditorSignInFailed', { auditorId: string; at: string }>;
export type AuditorEvent = AuditorCreated | AuditorPasswordChanged | AuditorSignedIn | AuditorSignInFailed;

export const USER_EVENT_TYPES: readonly UserEvent['type'][] = [
  'AccountErasureRequested',
  'AccountErased',
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
  'UserPlanSetByAdmin',
  'UserMinutesGranted',
  'UserSuspended',
  'UserReactivated',
  'UserSubscriptionChanged',
  'UserSubscriptionPaymentFailed',
];

/** The events an operator's change leaves on a user's stream: the history the console shows. */
export const ADMIN_CHANGE_EVENT_TYPES = [
  'UserPlanSetByAdmin',
  'UserMinutesGranted',
  'UserSuspended',
  'UserReactivated',
] as const satisfies readonly UserEvent['type'][];
export const ADMIN_EVENT_TYPES: readonly AdminEvent['type'][] = [
  'AdminCreated',
  'AdminPasswordChanged',
  'AdminSignedIn',
  'AdminSignInFailed',
];
export const AUDITOR_EVENT_TYPES: readonly AuditorEvent['type'][] = [
  'AuditorCreated',
  'AuditorPasswordChanged',
  'AuditorSignedIn',
  'AuditorSignInFailed',
];
