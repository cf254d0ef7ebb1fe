import { z } from 'zod';

/**
 * An email address in the plain form people actually use: dot-separated atoms of letters, digits and `_ % + -`
 * before the @, a host name after it. Quotes, angle brackets, commas, spaces and the like are refused: a mail
 * library reads `"a@x.com"<b@y.com>` or `a@x.com, b@y.com` as other recipients. domain/src/kernel/email.ts
 * holds the same pattern for the domain (which imports nothing outside itself).
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export const EmailAddress = z
  .string({ required_error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, 'Please enter a valid email address');
