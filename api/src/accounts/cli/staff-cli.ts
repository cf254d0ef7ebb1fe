/**
 * What the staff commands (add-admin, add-auditor) share: reading the address and the password, the event
 * store, and adding the account or setting its password. Each command only says which kind of account it adds.
 */
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { Argon2PasswordHasher } from '@scrivo/adapters/passwords/argon2-password-hasher';
import { CommandHandler, type Decider, type DomainEvent, type EventStore } from '@scrivo/domain';
import {
  type EmailStreamNames,
  emailClaimDecider,
  isValidEmail,
  normalizeEmail,
} from '@scrivo/domain/accounts';
import { loadConfig } from '../../config/config';
import { emailStreamNamesFor } from '../support/email-keyer';

/** One kind of staff account, beside its decider: its streams, the commands the CLI sends, its name. */
export interface StaffKind<Command> {
  /** The command's name, for its usage line (`add-admin`). */
  readonly cli: string;
  /** The account in the CLI's answers (`Admin a@example.com created.`). */
  readonly title: string;
  /** Holds the new password; else the terminal asks (never an argument: the process list shows those). */
  readonly passwordVariable: string;
  /** The system actor the events name. */
  readonly actorId: string;
  readonly emailStream: (emails: EmailStreamNames, email: string) => string;
  readonly accountStream: (id: string) => string;
  readonly setPassword: (passwordHash: string, at: string) => Command;
  readonly create: (id: string, email: string, passwordHash: string, at: string) => Command;
}

/** The keyed names of an address's streams, with the server's secret (from the environment or the data folder). */
export const staffEmailStreams = (): EmailStreamNames => emailStreamNamesFor(loadConfig());

export const askHidden = (question: string): Promise<string> =>
  new Promise((done) => {
    let muted = false;
    const output = new Writable({
      write(chunk, _encoding, callback) {
        if (!muted) process.stdout.write(chunk);
        callback();
      },
    });
    const rl = createInterface({ input: process.stdin, output, terminal: true });
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      done(answer);
    });
    muted = true;
  });

export const openStore = async (): Promise<EventStore> => {
  if (process.env.SCRIVO_EVENT_STORE === 'eventstoredb') {
    const modulePath = '@scrivo/adapters/events/eventstoredb-event-store';
    const { EventStoreDbEventStore } = (await import(modulePath)) as {
      EventStoreDbEventStore: { fromConnectionString(url: string): EventStore };
    };
    return EventStoreDbEventStore.fromConnectionString(process.env.EVENTSTORE_URL ?? '');
  }
  const { SqliteEventStore } = await import('@scrivo/adapters/events/sqlite-event-store');
  return new SqliteEventStore({ path: join(resolve(process.env.SCRIVO_DATA_DIR ?? './.data'), 'events.db') });
};

/** Adds the account, or sets its password when the address has one already; answers the exit code. */
const addStaffMember = async <Command, Event extends DomainEvent, State extends { readonly exists: boolean }>(
  decider: Decider<Command, Event, State>,
  kind: StaffKind<Command>,
): Promise<number> => {
  const { values } = parseArgs({ options: { email: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.email) {
    process.stdout.write(
      `Usage: ${kind.cli} --email <address>   (password from ${kind.passwordVariable} or the prompt)\n`,
    );
    return values.help ? 0 : 2;
  }
  const email = normalizeEmail(values.email);
  if (!isValidEmail(email)) {
    process.stderr.write(`"${values.email}" is not a valid email address.\n`);
    return 2;
  }
  const password = process.env[kind.passwordVariable] ?? (await askHidden(`Password for ${email}: `));
  if (password.length < 8) {
    process.stderr.write('The password must be at least 8 characters.\n');
    return 2;
  }

  const store = await openStore();
  const emailStream = kind.emailStream(staffEmailStreams(), email);
  try {
    const deps = { store, clock: { now: () => new Date() }, ids: { next: () => randomUUID() } };
    const claims = new CommandHandler(emailClaimDecider, deps);
    const accounts = new CommandHandler(decider, deps);
    const context = { actor: { kind: 'system' as const, id: kind.actorId }, correlationId: randomUUID() };
    const at = new Date().toISOString();
    const passwordHash = await new Argon2PasswordHasher().hash(password);

    const existing = (await claims.load(emailStream)).state.ownerId;
    const account = existing ? (await accounts.load(kind.accountStream(existing))).state : null;
    if (existing && account?.exists) {
      await accounts.handle(kind.accountStream(existing), kind.setPassword(passwordHash, at), context);
      process.stdout.write(`${kind.title} ${email} already existed: password updated.\n`);
      return 0;
    }
    const id = existing ?? randomUUID();
    await claims.handle(emailStream, { type: 'ClaimEmail', email, ownerId: id, at }, context);
    await accounts.handle(kind.accountStream(id), kind.create(id, email, passwordHash, at), context);
    process.stdout.write(`${kind.title} ${email} created.\n`);
    return 0;
  } finally {
    await store.close();
  }
};

/** Runs a staff command to its end: its exit code, or 1 with the error's message on stderr. */
export const runStaffCli = <Command, Event extends DomainEvent, State extends { readonly exists: boolean }>(
  decider: Decider<Command, Event, State>,
  kind: StaffKind<Command>,
): void => {
  addStaffMember(decider, kind).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
};
