import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { Language, PlanId, UserEvent } from '../events';
import { USER_EVENT_TYPES } from '../events';

/** The `users` read model: look-ups by id (the document id) and by normalised email. No secrets in it. */
export interface UserDoc {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly plan: PlanId;
  readonly language: Language;
  readonly emailVerified: boolean;
  readonly industry: string | null;
  readonly hearAboutUs: string | null;
  readonly hasPassword: boolean;
  readonly googleLinked: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly lastSignInAt: string | null;
}

export const USERS = 'users';

export const usersProjection: Projection = {
  name: 'accounts.users',
  collections: [USERS],
  eventTypes: USER_EVENT_TYPES,
  async setup(store) {
    await store.collection(USERS).ensureIndex({ fields: ['email'], unique: true });
  },
  async handle(recorded: RecordedEvent, ctx) {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    const at = recorded.metadata.occurredAt;
    if (event.type === 'UserRegistered') {
      const d = event.data;
      const doc: UserDoc = {
        id: d.userId,
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        plan: d.plan,
        language: d.language,
        emailVerified: false,
        industry: d.industry,
        hearAboutUs: d.hearAboutUs,
        hasPassword: d.passwordHash !== null,
        googleLinked: false,
        createdAt: d.registeredAt,
        updatedAt: d.registeredAt,
        lastSignInAt: null,
      };
      ctx.upsert(USERS, doc);
      return;
    }
    const current = await ctx.get<UserDoc>(USERS, event.data.userId);
    if (!current) return;
    const update = (changes: Partial<UserDoc>) => {
      const doc: UserDoc = { ...current, ...changes, updatedAt: at };
      ctx.upsert(USERS, doc);
    };
    switch (event.type) {
      case 'UserEmailVerified':
        return update({ emailVerified: true });
      case 'UserSignedIn':
        return update({ lastSignInAt: event.data.at });
      case 'PasswordChanged':
        return update({ hasPassword: true });
      case 'UnverifiedPasswordRemoved':
        return update({ hasPassword: false });
      case 'UserProfileUpdated': {
        const { firstName, lastName, language } = event.data;
        return update({
          ...(firstName !== undefined ? { firstName } : {}),
          ...(lastName !== undefined ? { lastName } : {}),
          ...(language !== undefined ? { language } : {}),
        });
      }
      case 'UserPlanChanged':
        return update({ plan: event.data.to });
      case 'GoogleIdentityLinked':
        return update({ googleLinked: true });
      default:
        return;
    }
  },
};
