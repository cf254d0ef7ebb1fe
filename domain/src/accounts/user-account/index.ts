export type { UserAccountCommand, UserAccountCommandOf } from './commands';
export { userAccountDecider } from './decider';
export { MAX_GRANTED_MINUTES, MAX_REASON_LENGTH } from './operator';
export { type ResetLink, usableResetLink } from './password';
export { ACCOUNT_SUSPENDED_MESSAGE, passwordSignInRefusal, requireAddressVerifiedByGoogle } from './sign-in';
export type { UserAccountState } from './state';
export { erasureCodeRecipient } from './erasure';
export { billingPortalCustomer } from './plan-choice';
