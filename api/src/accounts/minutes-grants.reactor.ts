import type { Reactor } from '@scrivo/domain';
import { minutesGrantsWorkflow } from '@scrivo/domain/accounts';
import { usageDecider, usageStream } from '@scrivo/domain/recordings';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { workflowReactor } from '../infrastructure/workflow-reactor';

/**
 * The minutes-grants workflow, counting each grant on its usage stream. It replays the whole history on its first
 * run: a grant already counted is kept once (by its id), and one a crash left uncounted is counted then.
 */
export const minutesGrantsReactor = (deps: { readonly runner: StreamRunner }): Reactor =>
  workflowReactor(minutesGrantsWorkflow, {
    runner: deps.runner,
    async send({ userId, grantId, period, seconds, grantedAt }, context) {
      await deps.runner.run(
        usageDecider,
        usageStream(userId, period),
        { type: 'GrantMinutes', userId, period, grantId, seconds, now: grantedAt },
        context,
      );
    },
  });
