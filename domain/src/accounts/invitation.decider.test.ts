import { describe, it } from 'vitest';
import { DomainError } from '../kernel/errors';
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

describe('opening an account for an address', () => {
  const visitor = (signups: 'open' | 'invite' | 'closed') => ({
    type: 'AdmitAccount' as const,
    accountExists: false,
    opener: { kind: 'visitor' as const, signups },
  });
  const refused = (code: string, message: string) => (error: unknown) =>
    error instanceof DomainError && error.code === code && error.message === message;

  it('lets anyone in on an open server, recording nothing', () => {
    spec.given([]).when(visitor('open')).thenNothingHappens();
  });
  it('lets in, on an invite-only server, only an address still invited', () => {
    spec.given([invited]).when(visitor('invite')).thenNothingHappens();
    spec.given([]).when(visitor('invite')).thenThrows({ code: 'SIGNUP_NOT_INVITED' });
    spec.given([invited, revoked]).when(visitor('invite')).thenThrows({ code: 'SIGNUP_NOT_INVITED' });
  });
  it('lets no visitor in on a closed server, invited or not', () => {
    spec
      .given([invited])
      .when(visitor('closed'))
      .thenThrows(
        refused(
          'SIGNUPS_CLOSED',
          'Sign-ups are closed on this server: only its administrators create accounts. Please ask them for one.',
        ),
      );
  });
  it('refuses an address that has an account before any policy, and tells a visitor to sign in', () => {
    spec
      .given([])
      .when({ ...visitor('closed'), accountExists: true })
      .thenThrows(
        refused('EMAIL_TAKEN', 'An account with this email already exists. Please sign in instead.'),
      );
  });
  it('lets an operator open an account whatever the policy, but not a second one for the address', () => {
    const operator = {
      type: 'AdmitAccount' as const,
      accountExists: false,
      opener: { kind: 'operator' as const },
    };
    spec.given([]).when(operator).thenNothingHappens();
    spec
      .given([])
      .when({ ...operator, accountExists: true })
      .thenThrows(refused('EMAIL_TAKEN', 'An account with this email already exists.'));
  });
});
