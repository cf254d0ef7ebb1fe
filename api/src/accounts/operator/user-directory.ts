import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUserRow,
  type AdminUserStatus,
  type AdminUsersPage,
} from '@scrivo/contracts';
import type { Clock, FieldCondition, Filter, ReadModelStore } from '@scrivo/domain';
import {
  planInEffect,
  USERS,
  type UserDoc,
  weeklyUsageAnchor,
  withUserDocDefaults,
} from '@scrivo/domain/accounts';
import {
  RECORDINGS_COLLECTION,
  allowanceMinutesFor,
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

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The console's (and the CLI's) view of users: the `users` read model for who they are, the period's usage
 * stream for minutes (strongly consistent, grants included), the recordings read model for how many they have.
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
    const planMinutes = allowanceMinutesFor(plan, period);
    const allowed = allowanceSecondsWithGrants(
      planMinutes === null ? null : planMinutes * 60,
      usage.grantedSeconds,
    );
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
}
