import type { Reactor } from '@scrivo/domain';
import { suspendedSessionsWorkflow } from '@scrivo/domain/accounts';
import type { SessionStore } from '../common/auth/session-store';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { workflowReactor } from '../infrastructure/workflow-reactor';

/**
 * The suspended-sessions workflow, ending a suspended user's sessions. Sessions are documents in the session store,
 * not a stream, so the reaction calls the store; ending sessions already ended changes nothing, so a repeat after a
 * crash (or a replay of the whole history) is harmless.
 */
export const suspendedSessionsReactor = (deps: {
  readonly runner: StreamRunner;
  readonly sessions: SessionStore;
}): Reactor =>
  workflowReactor(suspendedSessionsWorkflow, {
    runner: deps.runner,
    send: ({ userId, startedBefore }) => deps.sessions.revokeStartedBefore('user', userId, startedBefore),
  });
