import { z } from 'zod';
import { PageNumber } from '../common/paging';
import { EmailAddress } from '../common/email';
import { PlanId } from '../common/plans';

/** Users listed per page in the console. */
export const ADMIN_USERS_PAGE_SIZE = 20;

export const AdminUserStatus = z.enum(['all', 'active', 'suspended', 'unverified']);
export type AdminUserStatus = z.infer<typeof AdminUserStatus>;

export const AdminUsersQuery = z.object({
  /** Part of the email address, first name or last name (case-insensitive). */
  q: z.string().trim().max(200).optional(),
  status: AdminUserStatus.default('all'),
  page: PageNumber,
});

export const AdminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The plan in force now (a plan given until a date has already fallen back once its end has passed). */
  plan: PlanId,
  planUntil: z.string().nullable(),
  /** What follows `planUntil`. */
  planAfter: PlanId.nullable(),
  minutesUsed: z.number(),
  /** The plan's minutes plus those granted for this period; null = unlimited. */
  minutesAllowed: z.number().nullable(),
  recordings: z.number().int(),
  emailVerified: z.boolean(),
  suspended: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const AdminUsersPage = z.object({
  users: z.array(AdminUserRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersPage>;

export const ChangedByView = z.object({
  kind: z.enum(['admin', 'cli', 'system']),
  adminId: z.string().nullable(),
  /** The admin's email, "command line", or what the server did on its own ("account erasure"). */
  label: z.string(),
});

/** One operator's change, read from the user's event stream. */
export const AdminChange = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('plan_set'),
    at: z.string(),
    by: ChangedByView,
    reason: z.string(),
    from: PlanId,
    to: PlanId,
    until: z.string().nullable(),
    thenPlan: PlanId.nullable(),
  }),
  z.object({
    type: z.literal('minutes_granted'),
    at: z.string(),
    by: ChangedByView,
    reason: z.string(),
    minutes: z.number(),
    period: z.string(),
  }),
  z.object({ type: z.literal('suspended'), at: z.string(), by: ChangedByView, reason: z.string() }),
  z.object({ type: z.literal('reactivated'), at: z.string(), by: ChangedByView, reason: z.string() }),
]);
export type AdminChange = z.infer<typeof AdminChange>;

export const AdminUserDetail = z.object({
  user: AdminUserRow.extend({
    language: z.enum(['en', 'es', 'fr']),
    hasPassword: z.boolean(),
    googleLinked: z.boolean(),
    /** Minutes granted for the current period. */
    minutesGranted: z.number(),
    period: z.string(),
  }),
  /** Newest first. */
  history: z.array(AdminChange),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

const Reason = z
  .string({ required_error: 'Please give a reason for this change' })
  .trim()
  .min(1, 'Please give a reason for this change')
  .max(500, 'The reason can be at most 500 characters');

export const SetUserPlanBody = z
  .object({
    plan: PlanId,
    /** The plan ends at this instant (ISO 8601) and the lasting plan comes back; null or absent = for good. */
    until: z
      .string()
      .datetime({ offset: true, message: 'until must be an ISO date and time' })
      .nullable()
      .optional(),
    reason: Reason,
  })
  .strict();
export const GrantMinutesBody = z
  .object({
    minutes: z
      .number({ invalid_type_error: 'minutes must be a number' })
      .int('minutes must be a whole number')
      .min(1, 'Grant at least 1 minute')
      .max(100_000, 'At most 100000 minutes at once'),
    reason: Reason,
  })
  .strict();
export const ReasonBody = z.object({ reason: Reason }).strict();
export const InviteUserBody = z.object({ email: EmailAddress }).strict();
export const CreateUserBody = z
  .object({
    email: EmailAddress,
    firstName: z.string().trim().min(1, 'First name is required').max(100),
    lastName: z.string().trim().min(1, 'Last name is required').max(100),
  })
  .strict();
export const InvitationAnswer = z.object({ email: z.string(), invited: z.literal(true) });
export const RevokedInvitationAnswer = z.object({ email: z.string(), invited: z.literal(false) });
export const Invitation = z.object({
  email: z.string(),
  /** The admin's email, or "command line". */
  invitedBy: z.string(),
  invitedAt: z.string(),
  /** Whether the address has signed up since (the invitation is then used). */
  signedUp: z.boolean(),
});
export type Invitation = z.infer<typeof Invitation>;
/** The open invitations, newest first (at most 200: invitations are for a private install's few addresses). */
export const InvitationsAnswer = z.object({ invitations: z.array(Invitation) });
export const CreatedUserAnswer = z.object({ id: z.string(), email: z.string() });
