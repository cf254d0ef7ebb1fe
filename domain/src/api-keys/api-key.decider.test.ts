import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import type { ApiKeyEvent } from './events';
import { type ApiKeyCommand, apiKeyDecider } from './api-key.decider';

const spec = DeciderSpecification.for(apiKeyDecider);
const now = '2026-03-01T10:00:00.000Z';
const aMinuteLater = '2026-03-01T10:01:00.000Z';

const create: ApiKeyCommand = {
  type: 'CreateApiKey',
  keyId: 'k1',
  userId: 'u1',
  name: '  Nightly   export ',
  scopes: ['read'],
  keyHash: 'hash-of-secret',
  prefix: 'sk_scrivo_abcd',
  now,
};
const createdData = {
  keyId: 'k1',
  userId: 'u1',
  name: 'Nightly export',
  scopes: ['read' as const],
  keyHash: 'hash-of-secret',
  prefix: 'sk_scrivo_abcd',
  createdAt: now,
};
const created: ApiKeyEvent = { type: 'ApiKeyCreated', data: createdData };
const revoked: ApiKeyEvent = { type: 'ApiKeyRevoked', data: { keyId: 'k1', userId: 'u1', revokedAt: now } };
const usedAt = (at: string): ApiKeyEvent => ({ type: 'ApiKeyUsed', data: { keyId: 'k1', usedAt: at } });

describe('API key', () => {
  describe('creating', () => {
    it('records the key with its hash, a tidy name and its scopes', () =>
      spec.given([]).when(create).then([created]));

    it('gives a write key read too (a script that uploads must read its result)', () =>
      spec
        .given([])
        .when({ ...create, scopes: ['write'] })
        .then([{ type: 'ApiKeyCreated', data: { ...createdData, scopes: ['read', 'write'] } }]));

    it('needs a name', () =>
      spec
        .given([])
        .when({ ...create, name: '   ' })
        .thenThrows({ code: 'VALIDATION_FAILED' }));

    it('needs a scope', () =>
      spec
        .given([])
        .when({ ...create, scopes: [] })
        .thenThrows({ code: 'VALIDATION_FAILED' }));

    it('never creates the same key twice', () =>
      spec.given([created]).when(create).thenThrows({ code: 'API_KEY_EXISTS' }));
  });

  describe('using', () => {
    it('records the first use', () =>
      spec
        .given([created])
        .when({ type: 'RecordApiKeyUse', now })
        .then([usedAt(now)]));

    it('records "last used" to the minute, not on every request', () =>
      spec
        .given([created, usedAt(now)])
        .when({ type: 'RecordApiKeyUse', now: '2026-03-01T10:00:59.000Z' })
        .thenNothingHappens());

    it('records a use a minute later', () =>
      spec
        .given([created, usedAt(now)])
        .when({ type: 'RecordApiKeyUse', now: aMinuteLater })
        .then([usedAt(aMinuteLater)]));

    it('refuses a revoked key', () =>
      spec
        .given([created, revoked])
        .when({ type: 'RecordApiKeyUse', now })
        .thenThrows({ code: 'API_KEY_REVOKED' }));
  });

  describe('revoking', () => {
    it('ends the key', () => spec.given([created]).when({ type: 'RevokeApiKey', now }).then([revoked]));

    it('changes nothing the second time', () =>
      spec.given([created, revoked]).when({ type: 'RevokeApiKey', now }).thenNothingHappens());

    it('knows no key that was never created', () =>
      spec.given([]).when({ type: 'RevokeApiKey', now }).thenThrows({ code: 'NOT_FOUND' }));
  });
});
