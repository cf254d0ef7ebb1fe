import type { ReadModelStore, Reactor } from '@scrivo/domain';
import { type Language, type Mailer, normalizeEmail, USERS, type UserDoc } from '@scrivo/domain/accounts';
import {
  invitationEmailsWorkflow,
  type SendWorkspaceInvitationEmail,
  workspaceInvitationEmail,
} from '@scrivo/domain/workspaces';
import type { RootLogger } from '../common/logger';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { workflowReactor } from '../infrastructure/workflow-reactor';

/**
 * The invitation's language, as the other emails choose theirs (the account's): the account of the invited address
 * when it has one, else the inviter's (the address has no account yet, so no language of its own; the team's is the
 * best guess), else English.
 */
const languageOf = async (
  readModels: ReadModelStore,
  send: SendWorkspaceInvitationEmail,
): Promise<Language> => {
  const users = readModels.collection<UserDoc>(USERS);
  const [invitee] = await users.find({ email: normalizeEmail(send.email) }, { limit: 1 });
  return invitee?.language ?? (await users.get(send.invitedBy))?.language ?? 'en';
};

/** The invitation-emails workflow, sending through the mailer (the outbox in embedded mode, SMTP otherwise). */
export const invitationEmailsReactor = (deps: {
  readonly runner: StreamRunner;
  readonly mailer: Mailer;
  readonly readModels: ReadModelStore;
  readonly signInUrl: string;
  readonly logger: RootLogger;
}): Reactor =>
  workflowReactor(invitationEmailsWorkflow, {
    runner: deps.runner,
    async send(output) {
      try {
        const lang = await languageOf(deps.readModels, output);
        await deps.mailer.send(workspaceInvitationEmail(output, deps.signInUrl, lang));
      } catch (error) {
        // Not retried: every write waits for the reactors, so a mail server down must not hold the API back. The
        // invitation waits in the invitee's list all the same, and whoever invited them can tell them.
        deps.logger.error(
          { err: error, invitationId: output.invitationId },
          'workspace invitation email could not be sent',
        );
      }
    },
  });
