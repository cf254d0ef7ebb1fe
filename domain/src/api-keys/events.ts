import type { DomainEvent } from '../kernel/events';

/** `read`: every GET of the recordings API; `write`: uploads, renames, deletes, edits, retries. */
export type ApiKeyScope = 'read' | 'write';
export const API_KEY_SCOPES: readonly ApiKeyScope[] = ['read', 'write'];

// ---- API key stream: `api-key-{keyId}` ----
export type ApiKeyCreated = DomainEvent<
  'ApiKeyCreated',
  {
    keyId: string;
    userId: string;
    name: string;
    scopes: ApiKeyScope[];
    /** SHA-256 of the secret: the secret itself is shown once and never stored. */
    keyHash: string;
    /** The first characters of the secret, so its owner can tell keys apart. */
    prefix: string;
    createdAt: string;
  }
>;

export type ApiKeyRevoked = DomainEvent<
  'ApiKeyRevoked',
  { keyId: string; userId: string; revokedAt: string }
>;

/** The key authenticated a request (at most once a minute per key, so "last used" costs little). */
export type ApiKeyUsed = DomainEvent<'ApiKeyUsed', { keyId: string; usedAt: string }>;

export type ApiKeyEvent = ApiKeyCreated | ApiKeyRevoked | ApiKeyUsed;

export const API_KEY_EVENT_TYPES: readonly ApiKeyEvent['type'][] = [
  'ApiKeyCreated',
  'ApiKeyRevoked',
  'ApiKeyUsed',
];

export const apiKeyStream = (keyId: string) => `api-key-${keyId}`;
