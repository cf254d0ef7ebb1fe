import { ERASED_TEXT } from '../../ports/key-store';
import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { Language, PlanId, UserEvent } from '../events';
import { USER_EVENT_TYPES } from '../events';
import type { PlanTerm } from '../plan-term';
import { planTermWith, type SubscriptionState, subscriptionAfterSnapshot } from '../subscription';

/** The `users` read model: look-ups by id (the document id) and by normalised email. No secrets in it. */
export interface UserDoc extends PlanTerm {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** The plan set; a plan given until a date is read through `planInEffect(doc, now)`. */
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
  /** A suspended user cannot sign in and has no session; the data stays. */
  readonly suspended: boolean;
  /** Minutes operators granted, per usage period (`YYYY-MM`). */
  readonly grantedMinutes: Readonly<Record<string, number>>;
  readonly grantIds: readonly string[];
  /** The paid subscription (payment provider), as its newest notification described it; null = none. */
  readonly subscription: SubscriptionState | null;
}

/** Documents written before these fields existed read as their defaults. */
export const withUserDocDefaults = (doc: UserDoc): UserDoc => ({
  ...doc,
  planUntil: doc.planUntil ?? null,
  planAfter: doc.planAfter ?? null,
  suspended: doc.suspended ?? false,
  grantedMinutes: doc.grantedMinutes ?? {},
  grantIds: doc.grantIds ?? [],
  subscription: doc.subscription ?? null,
});

export const USERS = 'users';
/** What stays of an erased account for admins and auditors: when and by whom, never what it held. */
export const ERASED_ACCOUNTS = 'erased-accounts';

export interface ErasedAccountDoc {
  readonly id: string;
  readonly requestedAt: string;
  readonly requestedBy: { readonly kind: 'user'; readonly id: string };
  readonly erasedAt: string | null;
}

export const usersProjection: Projection = {
  name: 'accounts.users',
  collections: [USERS, ERASED_ACCOUNTS],
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
        // An erased person's address reads "[erased]" on a rebuild: the unique index needs one of its own.
        email: d.email === ERASED_TEXT ? `erased-${d.userId}` : d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        plan: d.plan,
        planUntil: null,
        planAfter: null,
        language: d.language,
        emailVerified: false,
        industry: d.industry,
        hearAboutUs: d.hearAboutUs,
        hasPassword: d.passwordHash !== null,
        googleLinked: false,
        createdAt: d.registeredAt,
        updatedAt: d.registeredAt,
        lastSignInAt: null,
        suspended: false,
        grantedMinutes: {},
        grantIds: [],
        subscription: null,
      };
      ctx.upsert(USERS, doc);
      return;
    }
    if (event.type === 'AccountErasureRequested') {
      // The document goes at once: sessions and API keys resolve through it, so they stop with it.
      ctx.delete(USERS, event.data.userId);
      const erased: ErasedAccountDoc = {
        id: event.data.userId,
        requestedAt: event.data.requestedAt,
        requestedBy: event.data.by,
        erasedAt: null,
      };
      ctx.upsert(ERASED_ACCOUNTS, erased);
      return;
    }
    if (event.type === 'AccountErased') {
      const erasing = await ctx.get<ErasedAccountDoc>(ERASED_ACCOUNTS, event.data.userId);
      if (!erasing) return;
      const erased: ErasedAccountDoc = {
        ...erasing,
        erasedAt: event.data.erasedAt,
      };
      ctx.upsert(ERASED_ACCOUNTS, erased);
      return;
    }
    const stored = await ctx.get<UserDoc>(USERS, event.data.userId);
    if (!stored) return;
    const current = withUserDocDefaults(stored);
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
        return update({ plan: event.data.to, planUntil: null, planAfter: null });
      case 'UserPlanSetByAdmin':
        return update({ plan: event.data.to, planUntil: event.data.until, planAfter: event.data.thenPlan });
      case 'UserMinutesGranted': {
        const { grantId, period, minutes } = event.data;
        if (current.grantIds.includes(grantId)) return; // replayed
        return update({
          grantedMinutes: {
            ...current.grantedMinutes,
            [period]: (current.grantedMinutes[period] ?? 0) + minutes,
          },
          grantIds: [...current.grantIds, grantId],
        });
      }
      case 'UserSuspended':
        return update({ suspended: true });
      case 'UserReactivated':
        return update({ suspended: false });
      case 'GoogleIdentityLinked':
        return update({ googleLinked: true });
      // The same fold as the decider's, so the plan the read model shows is the one the stream decides with.
      case 'UserSubscriptionChanged': {
        const subscription = subscriptionAfterSnapshot(current.subscription, event.data.subscription);
        return update({ ...planTermWith(current, subscription), subscription });
      }
      case 'UserSubscriptionPaymentFailed': {
        if (!current.subscription) return;
        const subscription = { ...current.subscription, graceUntil: event.data.graceUntil };
        return update({ ...planTermWith(current, subscription), subscription });
      }
      default:
        return;
    }
  },
};
