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
import { AccountStreams, type AdminAccountCommand, adminAccountDecider } from '@scrivo/domain/accounts';
import { runStaffCli, type StaffKind } from './staff-cli';

const admin: StaffKind<AdminAccountCommand> = {
  cli: 'add-admin',
  title: 'Admin',
  passwordVariable: 'SCRIVO_ADMIN_NEW_PASSWORD',
  actorId: 'admin-cli',
  emailStream: (emails, email) => emails.adminEmail(email),
  accountStream: AccountStreams.admin,
  setPassword: (passwordHash, at) => ({ type: 'SetAdminPassword', passwordHash, by: 'cli', at }),
  create: (adminId, email, passwordHash, at) => ({
    type: 'CreateAdmin',
    adminId,
    email,
    passwordHash,
    by: 'cli',
    at,
  }),
};

runStaffCli(adminAccountDecider, admin);
