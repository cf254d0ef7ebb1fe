import { describe, it } from 'vitest';
import { DomainError } from '../kernel/errors';
import { DeciderSpecification } from '../testing';
import { personalRetentionDecider, type PersonalRetentionSet } from './personal-retention';

const spec = DeciderSpecification.for(personalRetentionDecider);
const now = '2026-12-05T10:00:00.000Z';
const set = (policy: PersonalRetentionSet['data']['policy']): PersonalRetentionSet => ({
  type: 'PersonalRetentionSet',
  data: { userId: 'ann', policy, at: now },
});
const command = (policy: PersonalRetentionSet['data']['policy']) => ({
  type: 'SetPersonalRetention' as const,
  userId: 'ann',
  policy,
  now,
});

describe('a person’s own retention policy', () => {
  it('is set, changed and turned off; the same policy again records nothing', () => {
    spec
      .given([])
      .when(command({ days: 30, scope: 'media' }))
      .then([set({ days: 30, scope: 'media' })]);
    spec
      .given([set({ days: 30, scope: 'media' })])
      .when(command({ days: 30, scope: 'recording' }))
      .then([set({ days: 30, scope: 'recording' })]);
    spec
      .given([set({ days: 30, scope: 'media' })])
      .when(command({ days: 30, scope: 'media' }))
      .then([]);
    spec
      .given([set({ days: 30, scope: 'media' })])
      .when(command(null))
      .then([set(null)]);
    spec.given([]).when(command(null)).then([]);
  });

  it('refuses a length that is not a whole number of days from 1 to ten years', () => {
    for (const days of [0, 1.5, 3651])
      spec
        .given([])
        .when(command({ days, scope: 'recording' }))
        .thenThrows((error) => error instanceof DomainError && error.code === 'VALIDATION_FAILED');
  });
});
