/**
 * Adds an administrator (or sets the password of an existing one) in the event store the server uses.
 *
 *   node api/dist/accounts/cli/add-admin.js --email support@example.com
 *   node --conditions=source --import tsx api/src/accounts/cli/add-admin.ts --email support@example.com
 *
 * The password is read from SCRIVO_ADMIN_NEW_PASSWORD or asked for on the terminal (never a command-line
 * argument, which other users could see in the process list). SCRIVO_DATA_DIR, SCRIVO_EVENT_STORE and
 * EVENTSTORE_URL select the store as for the server. A running server picks the admin up within a second.
 * No NestJS here: plain domain + adapters, so it runs under tsx too.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Argon2PasswordHasher } from '@scrivo/adapters/passwords/argon2-password-hasher';
import { CommandHandler } from '@scrivo/domain';
import {
  AccountStreams,
  adminAccountDecider,
  emailClaimDecider,
  isValidEmail,
  normalizeEmail,
} from '@scrivo/domain/accounts';
import { askHidden, openStore, staffEmailStreams } from './staff-cli';

const main = async (): Promise<number> => {
  const { values } = parseArgs({ options: { email: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.email) {
    process.stdout.write(
      'Usage: add-admin --email <address>   (password from SCRIVO_ADMIN_NEW_PASSWORD or the prompt)\n',
    );
    return values.help ? 0 : 2;
  }
  const email = normalizeEmail(values.email);
  if (!isValidEmail(email)) {
    process.stderr.write(`"${values.email}" is not a valid email address.\n`);
    return 2;
  }
  const password = process.env.SCRIVO_ADMIN_NEW_PASSWORD ?? (await askHidden(`Password for ${email}: `));
  if (password.length < 8) {
    process.stderr.write('The password must be at least 8 characters.\n');
    return 2;
  }

  const store = await openStore();
  const emails = staffEmailStreams();
  try {
    const deps = { store, clock: { now: () => new Date() }, ids: { next: () => randomUUID() } };
    const claims = new CommandHandler(emailClaimDecider, deps);
    const admins = new CommandHandler(adminAccountDecider, deps);
    const context = { actor: { kind: 'system' as const, id: 'admin-cli' }, correlationId: randomUUID() };
    const hasher = new Argon2PasswordHasher();
    const at = new Date().toISOString();
    const passwordHash = await hasher.hash(password);

    const existing = (await claims.load(emails.adminEmail(email))).state.ownerId;
    const admin = existing ? (await admins.load(AccountStreams.admin(existing))).state : null;
    if (existing && admin?.exists) {
      await admins.handle(
        AccountStreams.admin(existing),
        { type: 'SetAdminPassword', passwordHash, by: 'cli', at },
        context,
      );
      process.stdout.write(`Admin ${email} already existed: password updated.\n`);
      return 0;
    }
    const adminId = existing ?? randomUUID();
    await claims.handle(
      emails.adminEmail(email),
      { type: 'ClaimEmail', email, ownerId: adminId, at },
      context,
    );
    await admins.handle(
      AccountStreams.admin(adminId),
      { type: 'CreateAdmin', adminId, email, passwordHash, by: 'cli', at },
      context,
    );
    process.stdout.write(`Admin ${email} created.\n`);
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
