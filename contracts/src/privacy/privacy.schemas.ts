import { z } from 'zod';
import { NewPassword } from '../accounts/accounts.schemas';

export const ChangePasswordBody = z
  .object({
    currentPassword: z.string().min(1, 'Your current password is required').max(256),
    newPassword: NewPassword,
  })
  .strict();
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** One of the signed-in user's live sessions (a browser where they are signed in). */
export const AccountSession = z.object({
  /** An opaque handle for revoking it (never the cookie's value). */
  id: z.string(),
  /** "Chrome on Linux", named from the browser's User-Agent at sign-in. */
  device: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;
export const AccountSessionsAnswer = z.object({ sessions: z.array(AccountSession) });
export const RevokedAnswer = z.object({ revoked: z.number().int() });
export const ChangePasswordAnswer = z.object({
  success: z.literal(true),
  /** How many other sessions were ended. */
  signedOutSessions: z.number().int(),
});

/** Confirmed by the password, or by a code emailed to the owner (accounts made through Google have no password). */
export const DeleteAccountBody = z.union([
  z.object({ password: z.string().min(1, 'Your password is required').max(256) }).strict(),
  z.object({ code: z.string().regex(/^\d{6}$/, 'The code has 6 digits') }).strict(),
]);
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;
export const DeletionCodeAnswer = z.object({ success: z.literal(true), message: z.string() });
export const DeleteAccountAnswer = z.object({ success: z.literal(true), message: z.string() });

/** What admins and auditors see of an erased account: when and by whom, never what it held. */
export const ErasedAccount = z.object({
  userId: z.string(),
  requestedAt: z.string(),
  requestedBy: z.object({ kind: z.literal('user'), id: z.string() }),
  /** When every recording and the address were erased; null while that is under way. */
  erasedAt: z.string().nullable(),
});
export const ErasedAccountsAnswer = z.object({ items: z.array(ErasedAccount) });

/** One "Download my data" archive of the signed-in user. */
export const DataExport = z.object({
  id: z.string(),
  status: z.enum(['building', 'ready', 'failed', 'expired']),
  /** 0 to 1 while building. */
  progress: z.number(),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
  /** The download link works until then. */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  /** Where to download it while it is ready and not expired. */
  downloadUrl: z.string().nullable(),
  error: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExport>;
export const DataExportsAnswer = z.object({ items: z.array(DataExport) });
