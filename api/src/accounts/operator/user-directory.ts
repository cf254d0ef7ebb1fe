import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminChange,
  type AdminUserRow,
  type AdminUserStatus,
  type AdminUsersPage,
} from '@scrivo/contracts';
import {
  type Clock,
  type FieldCondition,
  type Filter,
  type ReadModelStore,
  toDomainEvent,
} from '@scrivo/domain';
import {
  ADMIN_CHANGE_EVENT_TYPES,
  AccountStreams,
  planInEffect,
  USERS,
  type UserDoc,
  type UserEvent,
  userAccountDecider,
  weeklyUsageAnchor,
  withUserDocDefaults,
} from '@scrivo/domain/accounts';
import {
  RECORDINGS_COLLECTION,
  allowanceSecondsFor,
  allowanceSecondsWithGrants,
  usageDecider,
  usagePeriod,
  usageStream,
} from '@scrivo/domain/recordings';
import type { StreamRunner } from '../../infrastructure/stream-runner';

type FieldFilter = Readonly<Record<string, FieldCondition>>;

const STATUS_FILTERS: Record<AdminUserStatus, FieldFilter> = {
  all: {},
  active: { suspended: { $ne: true } },
  suspended: { suspended: true },
  unverified: { emailVerified: false },
};

const CHANGE_TYPES: readonly string[] = ADMIN_CHANGE_EVENT_TYPES;

/** The history entry of one operator's change, or null for any other event of the user's stream. */
export const toAdminChange = (event: UserEvent): AdminChange | null => {
  switch (event.type) {
    case 'UserPlanSetByAdmin': {
      const d = event.data;
      return {
        type: 'plan_set',
        at: d.changedAt,
        by: d.by,
        reason: d.reason,
        from: d.from,
        to: d.to,
        until: d.until,
        thenPlan: d.thenPlan,
      };
    }
    case 'UserMinutesGranted': {
      const d = event.data;
      return {
        type: 'minutes_granted',
        at: d.grantedAt,
        by: d.by,
        reason: d.reason,
        minutes: d.minutes,
        period: d.period,
      };
    }
    case 'UserSuspended':
      return { type: 'suspended', at: event.data.suspendedAt, by: event.data.by, reason: event.data.reason };
    case 'UserReactivated':
      return {
        type: 'reactivated',
        at: event.data.reactivatedAt,
        by: event.data.by,
        reason: event.data.reason,
      };
    default:
      return null;
  }
};

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The console's (and the CLI's) view of users: the `users` read model for who they are, the period's usage
 * stream for minutes (strongly consistent, grants included), the recordings read model for how many they have,
 * and the user's own stream for what operators changed.
 */
export class UserDirectory {
  constructor(
    private readonly deps: {
      readonly readModels: ReadModelStore;
      readonly runner: StreamRunner;
      readonly clock: Clock;
    },
  ) {}

  async list(query: { q?: string; status: AdminUserStatus; page: number }): Promise<AdminUsersPage> {
    const status = STATUS_FILTERS[query.status];
    const q = query.q?.trim();
    // The store's filters have no $and: the status condition goes into each branch of the search.
    const filter: Filter = q
      ? {
          $or: ['email', 'firstName', 'lastName'].map((field) => ({ ...status, [field]: { $contains: q } })),
        }
      : status;
    const users = this.deps.readModels.collection<UserDoc>(USERS);
    const [total, docs] = await Promise.all([
      users.count(filter),
      users.find(filter, {
        sort: [{ field: 'createdAt', direction: 'desc' }],
        skip: (query.page - 1) * ADMIN_USERS_PAGE_SIZE,
        limit: ADMIN_USERS_PAGE_SIZE,
      }),
    ]);
    return {
      users: await Promise.all(docs.map((d) => this.row(d))),
      total,
      page: query.page,
      pageSize: ADMIN_USERS_PAGE_SIZE,
    };
  }

  async doc(userId: string): Promise<UserDoc | null> {
    const doc = await this.deps.readModels.collection<UserDoc>(USERS).get(userId);
    return doc ? withUserDocDefaults(doc) : null;
  }

  /** One user's row, with the plan in force now and this period's minutes. */
  async row(stored: UserDoc): Promise<AdminUserRow & { minutesGranted: number; period: string }> {
    const doc = withUserDocDefaults(stored);
    const now = this.deps.clock.now();
    const plan = planInEffect(doc, now);
    const period = usagePeriod(now, weeklyUsageAnchor(doc, now)).id;
    const usage = await this.deps.runner.state(usageDecider, usageStream(doc.id, period));
    const allowed = allowanceSecondsWithGrants(allowanceSecondsFor(plan, period), usage.grantedSeconds);
    const planStillTemporary = doc.planUntil !== null && Date.parse(doc.planUntil) > now.getTime();
    return {
      id: doc.id,
      email: doc.email,
      firstName: doc.firstName,
      lastName: doc.lastName,
      plan,
      planUntil: planStillTemporary ? doc.planUntil : null,
      planAfter: planStillTemporary ? (doc.planAfter ?? 'free') : null,
      minutesUsed: round(usage.usedSeconds / 60),
      minutesAllowed: allowed === null ? null : round(allowed / 60),
      minutesGranted: round(usage.grantedSeconds / 60),
      period,
      recordings: await this.deps.readModels
        .collection(RECORDINGS_COLLECTION)
        .count({ ownerId: doc.id, deletedAt: null }),
      emailVerified: doc.emailVerified,
      suspended: doc.suspended,
      createdAt: doc.createdAt,
      lastSignInAt: doc.lastSignInAt,
    };
  }

  /** The operators' changes to this user, newest first, read from the user's own stream. */
  async history(userId: string): Promise<AdminChange[]> {
    const { events } = await this.deps.runner.load(userAccountDecider, AccountStreams.user(userId));
    return events
      .filter((e) => CHANGE_TYPES.includes(e.type))
      .map((e) => toAdminChange(toDomainEvent(e)))
      .filter((c): c is AdminChange => c !== null)
      .reverse();
  }
}
