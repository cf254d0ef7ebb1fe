/** Emails are compared case-insensitively after trimming: this is the one place that decides how. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The spec's live check: something@something.tld with no spaces. */
export const isValidEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

export const MAX_EMAIL_LENGTH = 254;
