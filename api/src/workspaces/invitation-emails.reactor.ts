import type { Reactor } from '@scrivo/domain';
import type { Mailer } from '@scrivo/domain/accounts';
import { invitationEmailsWorkflow, workspaceInvitationEmail } from '@scrivo/domain/workspaces';
import type { RootLogger } from '../common/logger';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { workflowReactor } from '../infrastructure/workflow-reactor';

/** The invitation-emails workflow, sending through the mailer (the outbox in embedded mode, SMTP otherwise). */
export const invitationEmailsReactor = (deps: {
  readonly runner: StreamRunner;
  readonly mailer: Mailer;
  readonly signInUrl: string;
  readonly logger: RootLogger;
}): Reactor =>
  workflowReactor(invitationEmailsWorkflow, {
    runner: deps.runner,
    async send(output) {
      try {
        await deps.mailer.send(workspaceInvitationEmail(output, deps.signInUrl));
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
