import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';

const c = initContract();

/**
 * API keys, managed from the account's Developer section (signed in with the session cookie; a key cannot manage
 * keys). Every recordings route (`/api/recordings...` with its share links, `/api/usage`, the tus uploads at
 * `/api/uploads`) also
 * accepts `Authorization: Bearer <key>` in place of the session: the key acts as its owner, needs no cookie and
 * no CSRF token, has its own rate limit (429 with Retry-After), and a `read` key is refused (403
 * API_KEY_SCOPE) on anything but GET/HEAD. A request that carries a cookie as well as a key still needs the
 * CSRF token. The secret is shown once, when the key is created; the server keeps only its SHA-256.
 */
export const API_KEY_SCHEME = 'bearerApiKey';
export const API_KEY_PREFIX = 'sk_scrivo_';

export const ApiKeyScope = z.enum(['read', 'write']);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** `write` always comes with `read`. */
  scopes: z.array(ApiKeyScope),
  /** The start of the secret, to tell keys apart (e.g. "sk_scrivo_Ab12"). */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const CreateApiKeyBody = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(ApiKeyScope).min(1).max(2),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const CreatedApiKey = z.object({
  key: ApiKey,
  /** Send it as `Authorization: Bearer <secret>`. Shown only now. */
  secret: z.string(),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const apiKeysContract = c.router({
  list: {
    method: 'GET',
    path: '/api/account/api-keys',
    responses: { 200: z.object({ items: z.array(ApiKey) }), 401: ErrorBody },
    summary: "The caller's API keys, newest first (never their secrets)",
  },
  create: {
    method: 'POST',
    path: '/api/account/api-keys',
    body: CreateApiKeyBody,
    responses: { 201: CreatedApiKey, ...errors },
    summary: 'Create an API key; the secret is in this answer only',
  },
  revoke: {
    method: 'DELETE',
    path: '/api/account/api-keys/:keyId',
    pathParams: z.object({ keyId: z.string().min(1).max(100) }),
    body: c.noBody(),
    responses: { 200: ApiKey, ...errors },
    summary: 'Revoke an API key: it stops working at once',
  },
});
