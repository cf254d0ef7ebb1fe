import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import type { ChangedBy, InvitationEvent } from './events';
import { invitationDecider } from './invitation.decider';

const spec = DeciderSpecification.for(invitationDecider);
const by: ChangedBy = { kind: 'admin', adminId: 'a1', label: 'root@example.com' };
const at = '2026-01-10T10:00:00.000Z';
const invited: InvitationEvent = {
  type: 'UserInvited',
  data: { email: 'ada@example.com', by, invitedAt: at },
};
const revoked: InvitationEvent = {
  type: 'UserInvitationRevoked',
  data: { email: 'ada@example.com', by, revokedAt: at },
};

describe('sign-up invitations', () => {
  it('invites an address once (in its normal form)', () => {
    spec.given([]).when({ type: 'InviteUser', email: ' Ada@Example.com ', by, at }).then([invited]);
    spec.given([invited]).when({ type: 'InviteUser', email: 'ada@example.com', by, at }).then([]);
  });
  it('revokes an invitation, and a revoked address can be invited again', () => {
    spec
      .given([invited])
      .when({ type: 'RevokeInvitation', email: 'ada@example.com', by, at })
      .then([revoked]);
    spec
      .given([invited, revoked])
      .when({ type: 'RevokeInvitation', email: 'ada@example.com', by, at })
      .then([]);
    spec
      .given([invited, revoked])
      .when({ type: 'InviteUser', email: 'ada@example.com', by, at })
      .then([invited]);
  });
});
