import { DomainError } from '../../kernel/errors';
import type { Language, PlanId, UserEvent } from '../events';
import { planTermWith, type SubscriptionState, subscriptionAfterSnapshot } from '../subscription';

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

/** An account that exists and is not being erased: the state every command but registration acts on. */
export interface LiveAccount extends UserAccountState {
  readonly userId: string;
  readonly email: string;
}

export const accountNotFound = () => new DomainError('USER_NOT_FOUND', 'No account was found.');

/** An erased account (or one being erased) answers as one that does not exist, to everyone. */
export const liveAccount = (state: UserAccountState): LiveAccount => {
  if (!state.exists || !state.userId || !state.email || state.erasure !== null) throw accountNotFound();
  return { ...state, userId: state.userId, email: state.email };
};

export const initialState = (): UserAccountState => ({
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
});

export const evolve = (state: UserAccountState, event: UserEvent): UserAccountState => {
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
};
