import type { Workflow } from '../../kernel/workflow';
import type { UserEvent, UserSuspended } from '../events';
import { evolve, initialState, type UserAccountState } from '../user-account/state';

/** End the user's sessions that began before the suspension. */
export interface EndSessionsStartedBefore {
  readonly type: 'EndSessionsStartedBefore';
  readonly userId: string;
  /**
   * The suspension's instant. Sessions begun after it (the user signed in again once reactivated) are left alone, so a
   * repeat or a replay of an old suspension signs nobody out who is allowed in.
   */
  readonly startedBefore: string;
}

/**
 * A suspension is recorded on the account; its sessions live in the session store. A suspended user's sessions are
 * refused on every request, but they must also end: a session kept through the suspension would work again after a
 * reactivation. So ending them follows the suspension as a reaction: a crash in between ends them when the workflow
 * resumes, where a hand-written second step would have left them. An account being erased has every session ended
 * by its erasure.
 */
export const suspendedSessionsWorkflow: Workflow<
  UserSuspended,
  UserAccountState,
  EndSessionsStartedBefore,
  UserEvent
> = {
  name: 'suspended-sessions',
  inputs: ['UserSuspended'],
  initialState,
  evolve,
  decide: ({ data: { userId, suspendedAt } }, { erasure }) =>
    erasure !== null ? [] : [{ type: 'EndSessionsStartedBefore', userId, startedBefore: suspendedAt }],
};
