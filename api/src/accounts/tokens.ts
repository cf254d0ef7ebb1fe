/** Injection tokens for the accounts ports. */
export const PASSWORD_HASHER = Symbol('PasswordHasher');
export const MAILER = Symbol('Mailer');
export const PAYMENT_PROVIDER = Symbol('PaymentProvider');
