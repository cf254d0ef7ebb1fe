import type { Decider } from '../kernel/decider';
import { DomainError } from '../kernel/errors';
import { normalizeEmail } from './email-address';
import type { ChangedBy, Language, PlanId, UserEvent, VerificationMethod } from './events';
import { lastingPlan, planInEffect } from './plan-term';
import {
  type BillingPeriod,
  graceUntil,
  isEnded,
  isStaleSnapshot,
  type PaidPlanId,
  planTermWith,
  type SubscriptionSnapshot,
  type SubscriptionState,
  subscriptionAfterSnapshot,
} from './subscription';

export interface UserAccountState {
  readonly exists: boolean;
  readonly userId: string | null;
  readonly email: string | null;
  readonly passwordHash: string | null;
  readonly emailVerified: boolean;
  /** The plan set; read it through `planInEffect` (a plan given until a date ends by itself). */
  readonly plan: PlanId;
  readonly planUntil: string | null;
  readonly planAfter: PlanId | null;
  readonly suspended: boolean;
  readonly language: Language;
  readonly googleSubject: string | null;
  /** The outstanding reset token (only the newest one is valid). */
  readonly resetToken: { readonly hash: string; readonly expiresAt: string } | null;
  readonly usedResetTokens: readonly string[];
  /** The payment provider's subscription, as its newest notification described it. */
  readonly subscription: SubscriptionState | null;
  /** The provider's notifications already applied (their ids): a redelivery changes nothing. */
  readonly billingEventIds: readonly string[];
  /** Set once the owner asked for the account to be erased: from then on it answers as an account that is not. */
  readonly erasure: 'requested' | 'done' | null;
}

export type UserAccountCommand =
  | {
      readonly type: 'RegisterUser';
      readonly userId: string;
      readonly email: string;
      readonly passwordHash: string | null;
      readonly firstName: string;
      readonly lastName: string;
      readonly industry: string | null;
      readonly hearAboutUs: string | null;
      readonly language: Language;
      /** Set when the address was already proven (a consumed code or a Google identity). */
      readonly verifiedBy: VerificationMethod | null;
      /**
       * The sign-up itself starts the account's first session, so it is its first sign-in: without it an account
       * that never signs in again reads "Last sign-in: Never" and exports no sign-ins.
       */
      readonly signsIn?: boolean;
      readonly googleSubject?: string;
      /** The plan new accounts start on (SCRIVO_DEFAULT_PLAN); Free when not given. */
      readonly plan?: PlanId;
      readonly at: string;
    }
  | { readonly type: 'VerifyUserEmail'; readonly method: VerificationMethod; readonly at: string }
  | {
      readonly type: 'RecordPasswordSignIn';
      /** The API checked the password against the stored hash (hashing is a port, not a rule). */
      readonly passwordMatched: boolean;
      readonly at: string;
    }
  | { readonly type: 'SignInWithGoogle'; readonly googleSubject: string; readonly at: string }
  | {
      readonly type: 'RequestPasswordReset';
      readonly tokenHash: string;
      readonly expiresAt: string;
      readonly at: string;
    }
  | {
      readonly type: 'ResetPassword';
      readonly tokenHash: string;
      readonly newPasswordHash: string;
      readonly at: string;
    }
  | {
      /** Delete my account: the API checked the password against the stored hash. */
      readonly type: 'RequestAccountErasure';
      /**
       * How the owner proved it is them: their password, or a code emailed to them (the only way for an account
       * made through Google that never set a password). `confirmed`: the API checked it and it matched.
       */
      readonly confirmedBy: 'password' | 'code';
      readonly confirmed: boolean;
      readonly at: string;
    }
  | {
      /** The account-erasure reactor erased everything the account held. */
      readonly type: 'CompleteAccountErasure';
      readonly at: string;
    }
  | {
      /** On the account page: the API checked the current password against the stored hash. */
      readonly type: 'ChangePassword';
      readonly currentPasswordMatched: boolean;
      readonly newPasswordHash: string;
      readonly at: string;
    }
  | {
      readonly type: 'UpdateProfile';
      readonly firstName?: string;
      readonly lastName?: string;
      readonly language?: Language;
      readonly at: string;
    }
  | { readonly type: 'ChangePlan'; readonly plan: PlanId; readonly at: string }
  // ---- an operator's changes (the console and the CLI); each carries who and why ----
  | {
      readonly type: 'SetPlanByAdmin';
      readonly plan: PlanId;
      /** The plan ends at this instant and the lasting plan comes back; null = for good. */
      readonly until: string | null;
      readonly by: ChangedBy;
      readonly reason: string;
      readonly at: string;
    }
  | {
      readonly type: 'GrantMinutes';
      readonly grantId: string;
      readonly minutes: number;
      /** The usage period (`YYYY-MM`) the minutes are for: the current one. */
      readonly period: string;
      readonly by: ChangedBy;
      readonly reason: string;
      readonly at: string;
    }
  | { readonly type: 'SuspendUser'; readonly by: ChangedBy; readonly reason: string; readonly at: string }
  | { readonly type: 'ReactivateUser'; readonly by: ChangedBy; readonly reason: string; readonly at: string }
  // ---- the payment provider's signed notifications (webhooks); each carries the provider's event id ----
  | {
      /** A checkout completed, or the provider sent the subscription itself (updated, deleted). */
      readonly type: 'SyncSubscription';
      readonly providerEventId: string;
      readonly snapshot: SubscriptionSnapshot;
      readonly at: string;
    }
  | {
      /** An invoice of the subscription was paid: the plan is active through the invoice's period. */
      readonly type: 'RecordSubscriptionPaid';
      readonly providerEventId: string;
      readonly subscriptionId: string;
      readonly customerId: string;
      readonly plan: PaidPlanId;
      readonly billingPeriod: BillingPeriod;
      readonly periodStart: string;
      readonly periodEnd: string;
      /** When the provider produced the notification. */
      readonly asOf: string;
      readonly at: string;
    }
  | {
      readonly type: 'RecordSubscriptionPaymentFailed';
      readonly providerEventId: string;
      readonly subscriptionId: string;
      /** When the provider produced the notification: the grace is counted from the failure, not its delivery. */
      readonly failedAt: string;
      readonly at: string;
    };

/** Most minutes one grant may add (a typo guard: 100 000 minutes is over two months of audio). */
export const MAX_GRANTED_MINUTES = 100_000;
export const MAX_REASON_LENGTH = 500;

/** Every operator's change says why; the history shows the reason next to who and when. */
const requireReason = (reason: string): string => {
  const trimmed = reason.trim();
  if (!trimmed) throw new DomainError('REASON_REQUIRED', 'Please give a reason for this change.');
  if (trimmed.length > MAX_REASON_LENGTH)
    throw new DomainError('REASON_REQUIRED', `The reason can be at most ${MAX_REASON_LENGTH} characters.`);
  return trimmed;
};

export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account has been suspended. Please contact the administrator of this server.';

export const INVALID_RESET_LINK = 'This reset link is invalid or has expired';

const notFound = () => new DomainError('USER_NOT_FOUND', 'No account was found.');

/** Why a reset token cannot be used, or null when it can. */
export const resetTokenProblem = (state: UserAccountState, tokenHash: string, now: string): string | null => {
  if (state.usedResetTokens.includes(tokenHash)) return 'This reset link has already been used';
  if (!state.exists || !state.resetToken) return INVALID_RESET_LINK;
  if (state.resetToken.hash !== tokenHash) return INVALID_RESET_LINK;
  if (Date.parse(state.resetToken.expiresAt) <= Date.parse(now)) return 'This reset link has expired';
  return null;
};

/** What the provider said of a subscription, without what this account derived from it (the grace). */
const snapshotOf = ({ graceUntil: _grace, ...snapshot }: SubscriptionState): SubscriptionSnapshot => snapshot;

const subscriptionChanged = (
  userId: string,
  providerEventId: string,
  subscription: SubscriptionSnapshot,
  at: string,
): UserEvent => ({
  type: 'UserSubscriptionChanged',
  data: { userId, providerEventId, subscription, changedAt: at },
});

export const userAccountDecider: Decider<UserAccountCommand, UserEvent, UserAccountState> = {
  initialState: () => ({
    exists: false,
    userId: null,
    email: null,
    passwordHash: null,
    emailVerified: false,
    plan: 'free',
    planUntil: null,
    planAfter: null,
    suspended: false,
    language: 'en',
    googleSubject: null,
    resetToken: null,
    usedResetTokens: [],
    subscription: null,
    billingEventIds: [],
    erasure: null,
  }),

  decide(command, state) {
    if (command.type === 'RegisterUser') {
      if (state.exists)
        throw new DomainError(
          'EMAIL_TAKEN',
          'An account with this email already exists. Please sign in instead.',
        );
      const email = normalizeEmail(command.email);
      const events: UserEvent[] = [
        {
          type: 'UserRegistered',
          data: {
            userId: command.userId,
            email,
            passwordHash: command.passwordHash,
            firstName: command.firstName.trim(),
            lastName: command.lastName.trim(),
            industry: command.industry,
            hearAboutUs: command.hearAboutUs,
            language: command.language,
            plan: command.plan ?? 'free',
            registeredAt: command.at,
          },
        },
      ];
      if (command.verifiedBy) {
        events.push({
          type: 'UserEmailVerified',
          data: { userId: command.userId, email, method: command.verifiedBy, verifiedAt: command.at },
        });
      }
      if (command.googleSubject) {
        events.push({
          type: 'GoogleIdentityLinked',
          data: { userId: command.userId, googleSubject: command.googleSubject, linkedAt: command.at },
        });
      }
      if (command.signsIn && command.verifiedBy) {
        events.push({
          type: 'UserSignedIn',
          data: { userId: command.userId, method: 'sign_up', at: command.at },
        });
      }
      return events;
    }
    if (!state.exists || !state.userId || !state.email) throw notFound();
    const userId = state.userId;
    if (command.type === 'CompleteAccountErasure') {
      if (state.erasure === null) throw notFound();
      if (state.erasure === 'done') return [];
      return [
        {
          type: 'AccountErased',
          data: { userId, erasedAt: command.at },
        },
      ];
    }
    // An erased account (or one being erased) answers as one that does not exist, to everyone.
    if (state.erasure !== null) throw notFound();

    switch (command.type) {
      case 'VerifyUserEmail':
        if (state.emailVerified) return [];
        return [
          {
            type: 'UserEmailVerified',
            data: { userId, email: state.email, method: command.method, verifiedAt: command.at },
          },
        ];

      case 'RecordPasswordSignIn': {
        if (!state.passwordHash) {
          return [{ type: 'UserSignInFailed', data: { userId, reason: 'no_password', at: command.at } }];
        }
        if (!command.passwordMatched) {
          return [{ type: 'UserSignInFailed', data: { userId, reason: 'wrong_password', at: command.at } }];
        }
        // Only after the password matched, so a guesser learns nothing about the account.
        if (state.suspended) {
          return [{ type: 'UserSignInFailed', data: { userId, reason: 'suspended', at: command.at } }];
        }
        if (!state.emailVerified) {
          return [
            { type: 'UserSignInFailed', data: { userId, reason: 'email_not_verified', at: command.at } },
          ];
        }
        return [{ type: 'UserSignedIn', data: { userId, method: 'password', at: command.at } }];
      }

      case 'SignInWithGoogle': {
        if (state.suspended) throw new DomainError('ACCOUNT_SUSPENDED', ACCOUNT_SUSPENDED_MESSAGE);
        if (state.googleSubject && state.googleSubject !== command.googleSubject) {
          throw new DomainError(
            'GOOGLE_ACCOUNT_MISMATCH',
            'This email is linked to a different Google account. Please sign in with that account or with your password.',
          );
        }
        const events: UserEvent[] = [];
        if (!state.googleSubject) {
          events.push({
            type: 'GoogleIdentityLinked',
            data: { userId, googleSubject: command.googleSubject, linkedAt: command.at },
          });
        }
        if (!state.emailVerified) {
          // Pre-hijacking: whoever registered this address never proved it; Google just did for its owner.
          if (state.passwordHash)
            events.push({
              type: 'UnverifiedPasswordRemoved',
              data: { userId, reason: 'email_verified_by_google', removedAt: command.at },
            });
          events.push({
            type: 'UserEmailVerified',
            data: { userId, email: state.email, method: 'google', verifiedAt: command.at },
          });
        }
        events.push({ type: 'UserSignedIn', data: { userId, method: 'google', at: command.at } });
        return events;
      }

      case 'RequestPasswordReset':
        return [
          {
            type: 'PasswordResetRequested',
            data: {
              userId,
              tokenHash: command.tokenHash,
              expiresAt: command.expiresAt,
              requestedAt: command.at,
            },
          },
        ];

      case 'ResetPassword': {
        const problem = resetTokenProblem(state, command.tokenHash, command.at);
        if (problem) throw new DomainError('INVALID_RESET_TOKEN', problem);
        const events: UserEvent[] = [
          {
            type: 'PasswordChanged',
            data: {
              userId,
              passwordHash: command.newPasswordHash,
              via: 'reset',
              tokenHash: command.tokenHash,
              changedAt: command.at,
            },
          },
        ];
        // The link reached the mailbox, which proves the address as well as a code would.
        if (!state.emailVerified) {
          events.push({
            type: 'UserEmailVerified',
            data: { userId, email: state.email, method: 'password_reset', verifiedAt: command.at },
          });
        }
        return events;
      }

      case 'RequestAccountErasure':
        if (command.confirmedBy === 'password' && !state.passwordHash)
          throw new DomainError(
            'NO_PASSWORD',
            'This account has no password. Ask for a code by email to confirm the deletion instead.',
          );
        if (!command.confirmed)
          throw command.confirmedBy === 'password'
            ? new DomainError('WRONG_CURRENT_PASSWORD', 'The password is not correct.')
            : new DomainError('INVALID_VERIFICATION_CODE', 'The code is not correct.');
        // The provider would go on charging an account that no longer exists.
        if (state.subscription && !isEnded(state.subscription.status))
          throw new DomainError(
            'SUBSCRIPTION_ACTIVE',
            'Please cancel your paid subscription first (Plan > Manage billing), then delete the account.',
          );
        return [
          {
            type: 'AccountErasureRequested',
            data: { userId, by: { kind: 'user', id: userId }, requestedAt: command.at },
          },
        ];

      case 'ChangePassword':
        if (!state.passwordHash)
          throw new DomainError(
            'NO_PASSWORD',
            'This account has no password yet. Set one with a reset link sent to your email.',
          );
        if (!command.currentPasswordMatched)
          throw new DomainError('WRONG_CURRENT_PASSWORD', 'The current password is not correct.');
        return [
          {
            type: 'PasswordChanged',
            data: {
              userId,
              passwordHash: command.newPasswordHash,
              via: 'change',
              tokenHash: null,
              changedAt: command.at,
            },
          },
        ];

      case 'UpdateProfile': {
        const data: { firstName?: string; lastName?: string; language?: Language } = {};
        if (command.firstName !== undefined) data.firstName = command.firstName.trim();
        if (command.lastName !== undefined) data.lastName = command.lastName.trim();
        if (command.language !== undefined && command.language !== state.language)
          data.language = command.language;
        if (Object.keys(data).length === 0) return [];
        return [{ type: 'UserProfileUpdated', data: { userId, ...data, updatedAt: command.at } }];
      }

      case 'ChangePlan': {
        const from = planInEffect(state, command.at);
        if (command.plan === from && state.planUntil === null) return [];
        return [{ type: 'UserPlanChanged', data: { userId, from, to: command.plan, changedAt: command.at } }];
      }

      case 'SetPlanByAdmin': {
        const reason = requireReason(command.reason);
        if (command.until !== null && !(Date.parse(command.until) > Date.parse(command.at)))
          throw new DomainError('INVALID_PLAN_UNTIL', 'The end date of the plan must be in the future.');
        if (command.until === null && state.planUntil === null && command.plan === state.plan) return [];
        return [
          {
            type: 'UserPlanSetByAdmin',
            data: {
              userId,
              from: planInEffect(state, command.at),
              to: command.plan,
              until: command.until,
              thenPlan: command.until === null ? null : lastingPlan(state),
              by: command.by,
              reason,
              changedAt: command.at,
            },
          },
        ];
      }

      case 'GrantMinutes': {
        const reason = requireReason(command.reason);
        if (
          !Number.isInteger(command.minutes) ||
          command.minutes < 1 ||
          command.minutes > MAX_GRANTED_MINUTES
        )
          throw new DomainError(
            'INVALID_MINUTES',
            `Minutes must be a whole number from 1 to ${MAX_GRANTED_MINUTES}.`,
          );
        return [
          {
            type: 'UserMinutesGranted',
            data: {
              userId,
              grantId: command.grantId,
              period: command.period,
              minutes: command.minutes,
              by: command.by,
              reason,
              grantedAt: command.at,
            },
          },
        ];
      }

      case 'SuspendUser': {
        const reason = requireReason(command.reason);
        if (state.suspended) return [];
        return [{ type: 'UserSuspended', data: { userId, by: command.by, reason, suspendedAt: command.at } }];
      }

      case 'ReactivateUser': {
        const reason = requireReason(command.reason);
        if (!state.suspended) return [];
        return [
          { type: 'UserReactivated', data: { userId, by: command.by, reason, reactivatedAt: command.at } },
        ];
      }

      case 'SyncSubscription':
        if (state.billingEventIds.includes(command.providerEventId)) return [];
        if (isStaleSnapshot(state.subscription, command.snapshot)) return [];
        return [subscriptionChanged(userId, command.providerEventId, command.snapshot, command.at)];

      case 'RecordSubscriptionPaid': {
        if (state.billingEventIds.includes(command.providerEventId)) return [];
        const known = state.subscription;
        const same = known !== null && known.subscriptionId === command.subscriptionId;
        const snapshot: SubscriptionSnapshot = same
          ? {
              ...snapshotOf(known),
              status: 'active',
              currentPeriodStart: command.periodStart,
              currentPeriodEnd: command.periodEnd,
              provisional: false,
              asOf: command.asOf,
            }
          : {
              subscriptionId: command.subscriptionId,
              customerId: command.customerId,
              plan: command.plan,
              billingPeriod: command.billingPeriod,
              status: 'active',
              currentPeriodStart: command.periodStart,
              currentPeriodEnd: command.periodEnd,
              cancelAtPeriodEnd: false,
              createdAt: command.periodStart,
              provisional: false,
              asOf: command.asOf,
            };
        // An invoice of an earlier period (delivered late) says nothing about the current one.
        if (
          same &&
          known.provisional === false &&
          Date.parse(command.periodEnd) < Date.parse(known.currentPeriodEnd)
        )
          return [];
        if (isStaleSnapshot(state.subscription, snapshot)) return [];
        return [subscriptionChanged(userId, command.providerEventId, snapshot, command.at)];
      }

      case 'RecordSubscriptionPaymentFailed': {
        if (state.billingEventIds.includes(command.providerEventId)) return [];
        const known = state.subscription;
        // A failure of a subscription we do not hold, or of one already over, changes nothing; one grace (and one
        // email) per run of failures, until a payment goes through.
        if (!known || known.subscriptionId !== command.subscriptionId || isEnded(known.status)) return [];
        if (known.graceUntil !== null) return [];
        return [
          {
            type: 'UserSubscriptionPaymentFailed',
            data: {
              userId,
              providerEventId: command.providerEventId,
              subscriptionId: command.subscriptionId,
              graceUntil: graceUntil(command.failedAt),
              failedAt: command.failedAt,
            },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'AccountErasureRequested':
        return { ...state, erasure: 'requested' };
      case 'AccountErased':
        return { ...state, erasure: 'done' };
      case 'UserRegistered':
        return {
          ...state,
          exists: true,
          userId: event.data.userId,
          email: event.data.email,
          passwordHash: event.data.passwordHash,
          language: event.data.language,
          plan: event.data.plan,
        };
      case 'UserEmailVerified':
        return { ...state, emailVerified: true };
      case 'PasswordResetRequested':
        return { ...state, resetToken: { hash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
      case 'PasswordChanged':
        return {
          ...state,
          passwordHash: event.data.passwordHash,
          resetToken: null,
          usedResetTokens:
            event.data.tokenHash === null
              ? state.usedResetTokens
              : [...state.usedResetTokens, event.data.tokenHash],
        };
      case 'UnverifiedPasswordRemoved':
        return { ...state, passwordHash: null };
      case 'UserProfileUpdated':
        return { ...state, language: event.data.language ?? state.language };
      case 'UserPlanChanged':
        return { ...state, plan: event.data.to, planUntil: null, planAfter: null };
      case 'UserPlanSetByAdmin':
        return { ...state, plan: event.data.to, planUntil: event.data.until, planAfter: event.data.thenPlan };
      case 'UserSuspended':
        return { ...state, suspended: true };
      case 'UserReactivated':
        return { ...state, suspended: false };
      case 'UserMinutesGranted':
        return state;
      case 'UserSubscriptionChanged': {
        const subscription = subscriptionAfterSnapshot(state.subscription, event.data.subscription);
        return {
          ...state,
          ...planTermWith(state, subscription),
          subscription,
          billingEventIds: [...state.billingEventIds, event.data.providerEventId],
        };
      }
      case 'UserSubscriptionPaymentFailed': {
        if (!state.subscription) return state;
        const subscription = { ...state.subscription, graceUntil: event.data.graceUntil };
        return {
          ...state,
          ...planTermWith(state, subscription),
          subscription,
          billingEventIds: [...state.billingEventIds, event.data.providerEventId],
        };
      }
      case 'GoogleIdentityLinked':
        return { ...state, googleSubject: event.data.googleSubject };
      case 'UserSignedIn':
      case 'UserSignInFailed':
        return state;
    }
  },
};
