/**
 * The operator's console on the command line, for those who script their server:
 *
 *   users list [--search TEXT] [--status all|active|suspended|unverified] [--page N]
 *   users set-plan EMAIL PLAN [--until DATE] [--reason TEXT]
 *   users grant-minutes EMAIL MINUTES [--reason TEXT]
 *   users suspend EMAIL [--reason TEXT]
 *   users reactivate EMAIL [--reason TEXT]
 *   users invite EMAIL
 *
 *   node --conditions=source --import tsx api/src/accounts/cli/users.ts list
 *
 * It reads the same settings as the server (SCRIVO_DATA_DIR, SCRIVO_EVENT_STORE, SCRIVO_READ_MODELS, ...) and
 * writes the same events a console admin would, with "command line" as who. A running server applies them
 * within a second (it reads plan and suspension on every request). No NestJS here, so it runs under tsx too.
 */
import { openEventStore, openReadModels } from '../../infrastructure/adapters.factory';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { AdminUserRow } from '@scrivo/contracts';
import type { EventStore, ReadModelStore } from '@scrivo/domain';
import { type ChangedBy, isValidEmail, normalizeEmail } from '@scrivo/domain/accounts';
import { PLAN_IDS, type PlanId } from '@scrivo/domain/plans';
import { type AppConfig, loadConfig } from '../../config/config';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { UserDirectory } from '../operator/user-directory';
import { UserOperations } from '../operator/user-operations';
import { emailStreamNamesFor } from '../support/email-keyer';

const USAGE = `Usage:
  users list [--search TEXT] [--status all|active|suspended|unverified] [--page N]
  users set-plan EMAIL PLAN [--until DATE] [--reason TEXT]     PLAN: ${PLAN_IDS.join(', ')}
  users grant-minutes EMAIL MINUTES [--reason TEXT]
  users suspend EMAIL [--reason TEXT]
  users reactivate EMAIL [--reason TEXT]
  users invite EMAIL
--until takes a date (YYYY-MM-DD: the plan lasts through that day, UTC) or an ISO date and time.
`;

const isPlanId = (value: string | undefined): value is PlanId => PLAN_IDS.some((plan) => plan === value);

const BY: ChangedBy = { kind: 'cli', adminId: null, label: 'command line' };
const DEFAULT_REASON = 'Changed with the users command line';

class UsageError extends Error {}

const openStores = async (
  config: AppConfig,
): Promise<{ events: EventStore; readModels: ReadModelStore }> => ({
  events: await openEventStore(config),
  readModels: await openReadModels(config),
});

/** A date alone means "through that day" (UTC); anything else must be an instant JavaScript can read. */
export const parseUntil = (value: string): string => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = Date.parse(`${value}T00:00:00.000Z`);
    if (Number.isNaN(day)) throw new UsageError(`--until "${value}" is not a date.`);
    return new Date(day + 86_400_000).toISOString();
  }
  const at = Date.parse(value);
  if (Number.isNaN(at))
    throw new UsageError(`--until "${value}" is not a date (use YYYY-MM-DD or ISO 8601).`);
  return new Date(at).toISOString();
};

const formatRow = (u: AdminUserRow): string => {
  const minutes = `${u.minutesUsed}/${u.minutesAllowed ?? 'unlimited'} min`;
  const plan = u.planUntil ? `${u.plan} until ${u.planUntil} then ${u.planAfter}` : u.plan;
  const flags = [u.suspended ? 'suspended' : 'active', u.emailVerified ? 'verified' : 'unverified'].join(',');
  return [
    u.email,
    plan,
    minutes,
    `${u.recordings} recordings`,
    flags,
    `signed up ${u.createdAt}`,
    `last sign-in ${u.lastSignInAt ?? 'never'}`,
  ].join('\t');
};

const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      search: { type: 'string' },
      status: { type: 'string', default: 'all' },
      page: { type: 'string', default: '1' },
      until: { type: 'string' },
      reason: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, ...args] = positionals;
  if (values.help || !command) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const { events, readModels } = await openStores(config);
  try {
    const ids = { next: () => randomUUID() };
    const clock = { now: () => new Date() };
    const runner = new StreamRunner({ store: events, clock, ids });
    const operations = new UserOperations({ runner, ids, emails: emailStreamNamesFor(config) });
    const directory = new UserDirectory({ readModels, runner, clock });
    const reason = values.reason ?? DEFAULT_REASON;

    const userOf = async (email: string | undefined): Promise<{ id: string; email: string }> => {
      if (!email) throw new UsageError(`The command "${command}" needs an EMAIL.\n\n${USAGE}`);
      const normalized = normalizeEmail(email);
      if (!isValidEmail(normalized)) throw new UsageError(`"${email}" is not a valid email address.`);
      const id = await operations.userIdByEmail(normalized);
      if (!id) throw new UsageError(`No account uses ${normalized}.`);
      return { id, email: normalized };
    };

    switch (command) {
      case 'list': {
        const status = values.status;
        if (status !== 'all' && status !== 'active' && status !== 'suspended' && status !== 'unverified')
          throw new UsageError(`--status must be all, active, suspended or unverified.`);
        const page = Number(values.page);
        if (!Number.isInteger(page) || page < 1)
          throw new UsageError('--page must be a whole number from 1.');
        const result = await directory.list({ q: values.search, status, page });
        for (const row of result.users) process.stdout.write(`${formatRow(row)}\n`);
        process.stdout.write(
          `${result.total} user(s); page ${result.page} of ${Math.max(1, Math.ceil(result.total / result.pageSize))}\n`,
        );
        return 0;
      }
      case 'set-plan': {
        const user = await userOf(args[0]);
        const plan = args[1];
        if (!isPlanId(plan)) throw new UsageError(`PLAN must be one of ${PLAN_IDS.join(', ')}.`);
        const until = values.until ? parseUntil(values.until) : null;
        await operations.setPlan(user.id, plan, until, BY, reason);
        process.stdout.write(`${user.email} is now on ${plan}${until ? ` until ${until}` : ''}.\n`);
        return 0;
      }
      case 'grant-minutes': {
        const user = await userOf(args[0]);
        const minutes = Number(args[1]);
        if (!args[1] || !Number.isInteger(minutes) || minutes < 1)
          throw new UsageError('MINUTES must be a whole number of at least 1.');
        await operations.grantMinutes(user.id, minutes, BY, reason);
        process.stdout.write(`Granted ${minutes} minutes to ${user.email} for this month.\n`);
        return 0;
      }
      case 'suspend': {
        const user = await userOf(args[0]);
        await operations.suspend(user.id, BY, reason);
        process.stdout.write(
          `${user.email} is suspended; the server ends their sessions as soon as it sees it.\n`,
        );
        return 0;
      }
      case 'reactivate': {
        const user = await userOf(args[0]);
        await operations.reactivate(user.id, BY, reason);
        process.stdout.write(`${user.email} is active again.\n`);
        return 0;
      }
      case 'invite': {
        const email = normalizeEmail(args[0] ?? '');
        if (!isValidEmail(email)) throw new UsageError(`"${args[0] ?? ''}" is not a valid email address.`);
        await operations.invite(email, BY);
        process.stdout.write(`${email} may now sign up.\n`);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await events.close();
    await readModels.close();
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
