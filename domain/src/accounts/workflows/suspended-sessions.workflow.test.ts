import { describe, it } from 'vitest';
import { WorkflowSpecification } from '../../testing';
import type { UserEvent, UserSuspended } from '../events';
import { at, registered, verified } from '../user-account/decider.fixtures';
import { suspendedSessionsWorkflow } from './suspended-sessions.workflow';

const spec = WorkflowSpecification.for(suspendedSessionsWorkflow);
const by = { kind: 'admin' as const, adminId: 'a1', label: 'root@scrivo.test' };
const suspendedAt = '2026-03-02T09:30:00.000Z';
const suspended: UserSuspended = {
  type: 'UserSuspended',
  data: { userId: 'u1', by, reason: 'Abuse report', suspendedAt },
};

describe("suspended sessions: a suspension ends the user's sessions", () => {
  it('ends every session the user began before the suspension', () =>
    spec
      .given([registered, verified])
      .when(suspended)
      .then([{ type: 'EndSessionsStartedBefore', userId: 'u1', startedBefore: suspendedAt }]));

  it('a second suspension, after a reactivation, ends only what began before it', () => {
    const earlier: UserEvent = {
      type: 'UserSuspended',
      data: { userId: 'u1', by, reason: 'First report', suspendedAt: at },
    };
    const reactivated: UserEvent = {
      type: 'UserReactivated',
      data: { userId: 'u1', by, reason: 'Resolved', reactivatedAt: at },
    };
    spec
      .given([registered, verified, earlier, reactivated])
      .when(suspended)
      .then([{ type: 'EndSessionsStartedBefore', userId: 'u1', startedBefore: suspendedAt }]);
  });

  it('nothing more for an account its owner asked to erase: the erasure ends every session', () =>
    spec
      .given([
        registered,
        {
          type: 'AccountErasureRequested',
          data: { userId: 'u1', by: { kind: 'user', id: 'u1' }, requestedAt: at },
        },
      ])
      .when(suspended)
      .then([]));
});
