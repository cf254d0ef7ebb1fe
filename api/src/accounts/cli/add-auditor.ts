/**
 * Adds a read-only auditor (or sets the password of an existing one) in the event store the server uses.
 *
 *   node api/dist/accounts/cli/add-auditor.js --email auditor@example.com
 *   node --conditions=source --import tsx api/src/accounts/cli/add-auditor.ts --email auditor@example.com
 *
 * The password is read from SCRIVO_AUDITOR_NEW_PASSWORD or asked for on the terminal (never an argument, which
 * the process list shows). The store is chosen as for the server (SCRIVO_DATA_DIR, SCRIVO_EVENT_STORE).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Argon2PasswordHasher } from '@scrivo/adapters/passwords/argon2-password-hasher';
import { CommandHandler } from '@scrivo/domain';
import {
  AccountStreams,
  auditorAccountDecider,
  emailClaimDecider,
  isValidEmail,
  normalizeEmail,
} from '@scrivo/domain/accounts';
import { askHidden, openStore, staffEmailStreams } from './staff-cli';

const main = async (): Promise<number> => {
  const { values } = parseArgs({ options: { email: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.email) {
    process.stdout.write(
      'Usage: add-auditor --email <address>   (password from SCRIVO_AUDITOR_NEW_PASSWORD or the prompt)\n',
    );
    return values.help ? 0 : 2;
  }
  const email = normalizeEmail(values.email);
  if (!isValidEmail(email)) {
    process.stderr.write(`"${values.email}" is not a valid email address.\n`);
    return 2;
  }
  const password = process.env.SCRIVO_AUDITOR_NEW_PASSWORD ?? (await askHidden(`Password for ${email}: `));
  if (password.length < 8) {
    process.stderr.write('The password must be at least 8 characters.\n');
    return 2;
  }

  const store = await openStore();
  const emails = staffEmailStreams();
  try {
    const deps = { store, clock: { now: () => new Date() }, ids: { next: () => randomUUID() } };
    const claims = new CommandHandler(emailClaimDecider, deps);
    const auditors = new CommandHandler(auditorAccountDecider, deps);
    const context = { actor: { kind: 'system' as const, id: 'auditor-cli' }, correlationId: randomUUID() };
    const at = new Date().toISOString();
    const passwordHash = await new Argon2PasswordHasher().hash(password);

    const existing = (await claims.load(emails.auditorEmail(email))).state.ownerId;
    const auditor = existing ? (await auditors.load(AccountStreams.auditor(existing))).state : null;
    if (existing && auditor?.exists) {
      await auditors.handle(
        AccountStreams.auditor(existing),
        { type: 'SetAuditorPassword', passwordHash, by: { kind: 'cli' }, at },
        context,
      );
      process.stdout.write(`Auditor ${email} already existed: password updated.\n`);
      return 0;
    }
    const auditorId = existing ?? randomUUID();
    await claims.handle(
      emails.auditorEmail(email),
      { type: 'ClaimEmail', email, ownerId: auditorId, at },
      context,
    );
    await auditors.handle(
      AccountStreams.auditor(auditorId),
      { type: 'CreateAuditor', auditorId, email, passwordHash, by: { kind: 'cli' }, at },
      context,
    );
    process.stdout.write(`Auditor ${email} created.\n`);
    return 0;
  } finally {
    await store.close();
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
