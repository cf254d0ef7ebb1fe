import { describe } from 'vitest';
import { it } from 'vitest';
import { DeciderSpecification } from '../testing';
import { adminAccountDecider } from './admin-account.decider';
import { emailClaimDecider } from './email-claim.decider';

const at = '2026-01-01T10:00:00.000Z';

describe('email claim decider', () => {
  const spec = DeciderSpecification.for(emailClaimDecider);
  const claimed = { type: 'EmailClaimed' as const, data: { email: 'ada@example.com', ownerId: 'u1', at } };
  it('claims a free address for its owner', () => {
    spec.given([]).when({ type: 'ClaimEmail', email: 'Ada@Example.com', ownerId: 'u1', at }).then([claimed]);
  });
  it('is idempotent for the same owner (a retried registration) and refuses anyone else', () => {
    spec
      .given([claimed])
      .when({ type: 'ClaimEmail', email: 'ada@example.com', ownerId: 'u1', at })
      .thenNothingHappens();
    spec
      .given([claimed])
      .when({ type: 'ClaimEmail', email: 'ada@example.com', ownerId: 'u2', at })
      .thenThrows({ code: 'EMAIL_TAKEN' });
  });
});

describe('admin account decider', () => {
  const spec = DeciderSpecification.for(adminAccountDecider);
  const created = {
    type: 'AdminCreated' as const,
    data: {
      adminId: 'a1',
      email: 'support@example.com',
      passwordHash: 'h1',
      createdBy: 'environment' as const,
      createdAt: at,
    },
  };
  it('creates an admin with a normalised email', () => {
    spec
      .given([])
      .when({
        type: 'CreateAdmin',
        adminId: 'a1',
        email: ' Support@Example.com',
        passwordHash: 'h1',
        by: 'environment',
        at,
      })
      .then([created]);
  });
  it('changes the password of an existing admin', () => {
    spec
      .given([created])
      .when({ type: 'SetAdminPassword', passwordHash: 'h2', by: 'cli', at })
      .then([
        {
          type: 'AdminPasswordChanged',
          data: { adminId: 'a1', passwordHash: 'h2', changedBy: 'cli', changedAt: at },
        },
      ]);
  });
  it('records sign-ins and failed sign-ins', () => {
    spec
      .given([created])
      .when({ type: 'RecordAdminSignIn', passwordMatched: true, at })
      .then([{ type: 'AdminSignedIn', data: { adminId: 'a1', at } }]);
    spec
      .given([created])
      .when({ type: 'RecordAdminSignIn', passwordMatched: false, at })
      .then([{ type: 'AdminSignInFailed', data: { adminId: 'a1', at } }]);
  });
  it('refuses to sign in an admin that does not exist', () => {
    spec
      .given([])
      .when({ type: 'RecordAdminSignIn', passwordMatched: true, at })
      .thenThrows({ code: 'ADMIN_NOT_FOUND' });
  });
});
