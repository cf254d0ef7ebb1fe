import { z } from 'zod';
import { EmailAddress } from '../common/email';
import { PlanId } from '../common/plans';

export { EmailAddress };

export const INDUSTRY_OPTIONS = [
  'Healthcare & Medical',
  'Legal & Compliance',
  'Education & Research',
  'Media & Entertainment',
  'Technology & Software',
  'Consulting & Professional Services',
  'Financial Services (Banking, Insurance, Accounting)',
  'Government & Nonprofit',
  'Sales & Marketing / Advertising',
  'Real Estate & Construction',
  'Manufacturing & Engineering',
  'Human Resources & Recruiting',
  'Customer Support / Call Centers',
  'Student',
  'Other (Please Specify)',
] as const;
export const INDUSTRY_OTHER = 'Other (Please Specify)';

export const UserLanguage = z.enum(['en', 'es', 'fr']);
export type UserLanguage = z.infer<typeof UserLanguage>;

export const NewPassword = z
  .string({ required_error: 'Password is required' })
  .min(6, 'Password must be at least 6 characters')
  .max(256, 'Password must be at most 256 characters');
const Name = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .min(2, `${label} must be at least 2 characters`)
    .max(100, `${label} must be at most 100 characters`);

export const BillingPeriod = z.enum(['weekly', 'monthly']);
export type BillingPeriod = z.infer<typeof BillingPeriod>;

/** The paid subscription bought through the payment provider, as the account page shows it. */
export const UserSubscription = z.object({
  plan: z.enum(['premium', 'business_pro']),
  billingPeriod: BillingPeriod,
  /**
   * active: renews at `renewsAt`; cancelling: runs until `endsAt`, then Free; payment_failed: a renewal failed and
   * the plan runs until `endsAt` unless a payment goes through; ended: over (Free now), kept for the history.
   */
  status: z.enum(['active', 'cancelling', 'payment_failed', 'ended', 'pending']),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  renewsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type UserSubscription = z.infer<typeof UserSubscription>;

export const User = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The plan in force now. */
  plan: PlanId,
  /** When an administrator gave the plan until a date: its end, after which `planAfter` applies. */
  planUntil: z.string().nullable(),
  planAfter: PlanId.nullable(),
  language: UserLanguage,
  emailVerified: z.boolean(),
  industry: z.string().nullable(),
  hearAboutUs: z.string().nullable(),
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
  createdAt: z.string(),
  /** The subscription bought here (Stripe); null when there is none. */
  subscription: UserSubscription.nullable(),
});
export type User = z.infer<typeof User>;

export const LoginBody = z
  .object({ email: EmailAddress, password: z.string().min(1, 'Password is required').max(256) })
  .strict();
export const EmailBody = z.object({ email: EmailAddress }).strict();
export const EmailWithLanguageBody = z
  .object({ email: EmailAddress, language: UserLanguage.optional() })
  .strict();
export const VerifyEmailCodeBody = z
  .object({
    email: EmailAddress,
    code: z
      .string({ required_error: 'Verification code is required' })
      .trim()
      .regex(/^\d{6}$/, 'The verification code is 6 digits'),
  })
  .strict();

/** The spec's registration payload: 'Other' answers arrive already folded ('Other: {text}' / the free text). */
export const RegisterBody = z
  .object({
    email: EmailAddress,
    password: NewPassword,
    firstName: Name('First name'),
    lastName: Name('Last name'),
    industry: z
      .string({ required_error: 'Please select your industry' })
      .trim()
      .min(1, 'Please select your industry')
      .max(200, 'Industry must be at most 200 characters'),
    hearAboutUs: z
      .string()
      .trim()
      .max(200, 'How you heard about us must be at most 200 characters')
      .optional(),
    language: UserLanguage.optional(),
  })
  .strict();
export type RegisterBody = z.infer<typeof RegisterBody>;

export const RegisterAnswer = z.object({ user: User, redirectTo: z.string() });
export const OkAnswer = z.object({ success: z.literal(true), message: z.string() });
export const ExistsAnswer = z.object({ exists: z.boolean() });
export const MessageAnswer = z.object({ message: z.string() });
export const ResetTokenBody = z
  .object({ token: z.string().min(1, 'The reset token is missing').max(200) })
  .strict();
export const ResetValidateAnswer = z.object({ valid: z.literal(true), email: z.string() });
export const ResetVerifyBody = z
  .object({ token: z.string().min(1, 'The reset token is missing').max(200), newPassword: NewPassword })
  .strict();

export const AdminLoginBody = z
  .object({
    username: z.string().trim().min(1, 'Username is required').max(254),
    password: z.string().min(1, 'Password is required').max(256),
  })
  .strict();
export const AdminLoginAnswer = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  admin: z.object({ id: z.string(), email: z.string() }).optional(),
});
export const AdminCheckAnswer = z.object({
  isAuthenticated: z.boolean(),
  admin: z.object({ id: z.string(), email: z.string() }).optional(),
});

export const UpdateAccountBody = z
  .object({
    firstName: Name('First name').optional(),
    lastName: Name('Last name').optional(),
    language: UserLanguage.optional(),
  })
  .strict();
export const ChangePlanBody = z
  .object({
    plan: PlanId,
    /** For a paid plan bought here: how often it is billed (and its minutes reset). Monthly when not given. */
    billingPeriod: BillingPeriod.optional(),
  })
  .strict();
export const BillingPortalAnswer = z.object({ url: z.string() });
export const ChangePlanAnswer = z.object({ user: User, checkoutUrl: z.string().nullable() });

export const AuthProvidersAnswer = z.object({
  google: z.boolean(),
  /** Who may sign up here (SCRIVO_SIGNUPS): anyone, invited addresses only, or nobody (admins create accounts). */
  signups: z.enum(['open', 'invite', 'closed']),
  /** Whether paid plans can be bought here; when not, an administrator grants them. */
  payments: z.boolean(),
  /** Whom to ask for a paid plan (SCRIVO_SUPPORT_EMAIL), when set. */
  supportEmail: z.string().nullable(),
});
