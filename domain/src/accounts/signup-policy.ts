/**
 * Who may create an account on this server (SCRIVO_SIGNUPS): anyone; only addresses an operator invited (still
 * through the verified sign-up flow); or nobody but the operators themselves.
 */
export const SIGNUP_POLICIES = ['open', 'invite', 'closed'] as const;
export type SignupPolicy = (typeof SIGNUP_POLICIES)[number];
