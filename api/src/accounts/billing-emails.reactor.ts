import type { Reactor } from '@scrivo/domain';
import { billingEmailsWorkflow, type Mailer, paymentFailedEmail } from '@scrivo/domain/accounts';
import type { RootLogger } from '../common/logger';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { workflowReactor } from '../infrastructure/workflow-reactor';

/**
 * The billing-emails workflow, sending through the mailer. It starts from now the first time: before it, the
 * webhook handler sent these emails itself, and a replay of the history would send them all again.
 */
export const billingEmailsReactor = (deps: {
  readonly runner: StreamRunner;
  readonly mailer: Mailer;
  readonly accountUrl: string;
  readonly logger: RootLogger;
}): Reactor => ({
  ...workflowReactor(billingEmailsWorkflow, {
    runner: deps.runner,
    async send({ userId, email, language, graceUntil }) {
      try {
        await deps.mailer.send(paymentFailedEmail(email, graceUntil, deps.accountUrl, language));
      } catch (error) {
        // Not retried: every write waits for the reactors, so a mail server down must not hold the API back. The
        // account page says the same as the email.
        deps.logger.error({ err: error, userId }, 'payment-failed email could not be sent');
      }
    },
  }),
  firstRunFrom: 'now',
});
