import { describe, it } from 'vitest';
import { WorkflowSpecification } from '../../testing';
import type { UserMinutesGranted } from '../events';
import { at, registered } from '../user-account/decider.fixtures';
import { minutesGrantsWorkflow } from './minutes-grants.workflow';

const spec = WorkflowSpecification.for(minutesGrantsWorkflow);
const granted: UserMinutesGranted = {
  type: 'UserMinutesGranted',
  data: {
    userId: 'u1',
    grantId: 'g1',
    period: '2026-03',
    minutes: 90,
    by: { kind: 'admin', adminId: 'a1', label: 'root@scrivo.test' },
    reason: 'Conference week',
    grantedAt: at,
  },
};

describe("minutes grants: an operator's grant reaches the usage period it was given for", () => {
  it('a grant is counted, in seconds, on its period under its own id', () =>
    spec
      .given([registered])
      .when(granted)
      .then([
        {
          type: 'CountGrantedMinutes',
          userId: 'u1',
          grantId: 'g1',
          period: '2026-03',
          seconds: 5400,
          grantedAt: at,
        },
      ]));

  it('nothing is counted for an account its owner asked to erase', () =>
    spec
      .given([
        registered,
        {
          type: 'AccountErasureRequested',
          data: { userId: 'u1', by: { kind: 'user', id: 'u1' }, requestedAt: at },
        },
      ])
      .when(granted)
      .then([]));
});
