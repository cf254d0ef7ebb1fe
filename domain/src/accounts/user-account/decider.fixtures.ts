import { DeciderSpecification } from '../../testing';
import type { UserEvent, UserRegistered } from '../events';
import { userAccountDecider } from './decider';

export const spec = DeciderSpecification.for(userAccountDecider);
export const at = '2026-01-01T10:00:00.000Z';
export const registered: UserRegistered = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'ada@example.com',
    passwordHash: 'hash-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    industry: 'Student',
    hearAboutUs: 'Other: a friend',
    language: 'en',
    plan: 'free',
    registeredAt: at,
  },
};
/** The same registration with what a spec cares about changed (the plan chosen, the address, the day). */
export const registeredWith = (data: Partial<UserRegistered['data']>): UserRegistered => ({
  ...registered,
  data: { ...registered.data, ...data },
});
export const verified: UserEvent = {
  type: 'UserEmailVerified',
  data: { userId: 'u1', email: 'ada@example.com', method: 'code', verifiedAt: at },
};
export const register = {
  type: 'RegisterUser' as const,
  userId: 'u1',
  email: '  Ada@Example.COM ',
  passwordHash: 'hash-1',
  firstName: ' Ada ',
  lastName: 'Lovelace',
  industry: 'Student',
  hearAboutUs: 'Other: a friend',
  language: 'en' as const,
  verifiedBy: 'code' as const,
  at,
};
