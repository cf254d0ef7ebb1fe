import { normalizeEmail } from './email-address';

/** Stream names of the accounts capability. Email-keyed streams always use the normalised address. */
export const AccountStreams = {
  user: (userId: string) => `user-${userId}`,
  userEmail: (email: string) => `user-email-${normalizeEmail(email)}`,
  emailVerification: (email: string) => `email-verification-${normalizeEmail(email)}`,
  admin: (adminId: string) => `admin-${adminId}`,
  invitation: (email: string) => `user-invitation-${normalizeEmail(email)}`,
  adminEmail: (email: string) => `admin-email-${normalizeEmail(email)}`,
  auditor: (auditorId: string) => `auditor-${auditorId}`,
  auditorEmail: (email: string) => `auditor-email-${normalizeEmail(email)}`,
};
