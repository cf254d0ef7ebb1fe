/**
 * Adds a read-only auditor (or sets the password of an existing one) in the event store the server uses.
 *
 *   node api/dist/accounts/cli/add-auditor.js --email auditor@example.com
 *   node --conditions=source --import tsx api/src/accounts/cli/add-auditor.ts --email auditor@example.com
 *
 * The password is read from SCRIVO_AUDITOR_NEW_PASSWORD or asked for on the terminal (never an argument, which
 * the process list shows). The store is chosen as for the server (SCRIVO_DATA_DIR, SCRIVO_EVENT_STORE).
 */
import { AccountStreams, type AuditorAccountCommand, auditorAccountDecider } from '@scrivo/domain/accounts';
import { runStaffCli, type StaffKind } from './staff-cli';

const auditor: StaffKind<AuditorAccountCommand> = {
  cli: 'add-auditor',
  title: 'Auditor',
  passwordVariable: 'SCRIVO_AUDITOR_NEW_PASSWORD',
  actorId: 'auditor-cli',
  emailStream: (emails, email) => emails.auditorEmail(email),
  accountStream: AccountStreams.auditor,
  setPassword: (passwordHash, at) => ({ type: 'SetAuditorPassword', passwordHash, by: { kind: 'cli' }, at }),
  create: (auditorId, email, passwordHash, at) => ({
    type: 'CreateAuditor',
    auditorId,
    email,
    passwordHash,
    by: { kind: 'cli' },
    at,
  }),
};

runStaffCli(auditorAccountDecider, auditor);
