import type { User } from '@scrivo/contracts';
import { planInEffect, type UserDoc, withUserDocDefaults } from '@scrivo/domain/accounts';

/**
 * The API's view of a user: the read-model document minus bookkeeping fields, with the plan in force at `now`
 * (a plan an operator gave until a date has already ended by itself once that date has passed).
 */
export const toUserView = (stored: UserDoc, now: Date): User => {
  const doc = withUserDocDefaults(stored);
  const temporary = doc.planUntil !== null && Date.parse(doc.planUntil) > now.getTime();
  return {
    id: doc.id,
    email: doc.email,
    firstName: doc.firstName,
    lastName: doc.lastName,
    plan: planInEffect(doc, now),
    planUntil: temporary ? doc.planUntil : null,
    planAfter: temporary ? (doc.planAfter ?? 'free') : null,
    language: doc.language,
    emailVerified: doc.emailVerified,
    industry: doc.industry,
    hearAboutUs: doc.hearAboutUs,
    hasPassword: doc.hasPassword,
    googleLinked: doc.googleLinked,
    createdAt: doc.createdAt,
  };
};
