import { describe, it } from 'vitest';
import { DomainError } from '../kernel/errors';
import { DeciderSpecification } from '../testing';
import { auditorAccountDecider } from './auditor-account.decider';
import type { AuditorEvent } from './events';

const spec = DeciderSpecification.for(auditorAccountDecider);
const at = '2026-01-10T10:00:00.000Z';
const create = {
  type: 'CreateAuditor' as const,
  auditorId: 'a1',
  email: ' Eve@Example.com ',
  passwordHash: 'hash-1',
  by: { kind: 'cli' as const },
  at,
};
const created: AuditorEvent = {
  type: 'AuditorCreated',
  data: {
    auditorId: 'a1',
    email: 'eve@example.com',
    passwordHash: 'hash-1',
    createdBy: { kind: 'cli' },
    createdAt: at,
  },
};

describe('auditor accounts', () => {
  it('creates an auditor under the address in its normal form', () => {
    spec.given([]).when(create).then([created]);
  });
  it('refuses a second auditor for the address: an admin creating one never resets its password', () => {
    spec
      .given([created])
      .when(create)
      .thenThrows(
        (error) =>
          error instanceof DomainError &&
          error.code === 'AUDITOR_EXISTS' &&
          error.message === 'An auditor with this email already exists.',
      );
  });
});
