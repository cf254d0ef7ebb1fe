import type { User } from '@scrivo/contracts';
import type { UserDoc } from '@scrivo/domain/accounts';

/** The API's view of a user: the read-model document minus bookkeeping fields. */
export const toUserView = (doc: UserDoc): User => ({
  id: doc.id,
  email: doc.email,
  firstName: doc.firstName,
  lastName: doc.lastName,
  plan: doc.plan,
  language: doc.language,
  emailVerified: doc.emailVerified,
  industry: doc.industry,
  hearAboutUs: doc.hearAboutUs,
  hasPassword: doc.hasPassword,
  googleLinked: doc.googleLinked,
  createdAt: doc.createdAt,
});
