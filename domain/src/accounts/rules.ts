/** The account rules' constants, in one place (spec section 9 and issue 3). */
export const AccountRules = {
  verificationCodeTtlMs: 10 * 60_000,
  maxWrongCodes: 5,
  /** A new code can be asked for this long after the previous one. */
  resendCooldownMs: 30_000,
  /** After the address is verified, the sign-up form has this long to register. */
  verifiedEmailValidForMs: 60 * 60_000,
  resetTokenTtlMs: 60 * 60_000,
  passwordMinLength: 6,
  passwordMaxLength: 256,
  nameMinLength: 2,
  nameMaxLength: 100,
  freeTextMaxLength: 200,
} as const;
