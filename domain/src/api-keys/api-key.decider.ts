import type { Decider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import { API_KEY_SCOPES, type ApiKeyEvent, type ApiKeyScope } from './events';

export interface ApiKeyState {
  readonly exists: boolean;
  readonly keyId: string;
  readonly userId: string;
  readonly revokedAt: string | null;
  readonly lastUsedAt: string | null;
}

export type ApiKeyCommand =
  | {
      type: 'CreateApiKey';
      keyId: string;
      userId: string;
      name: string;
      scopes: readonly ApiKeyScope[];
      keyHash: string;
      prefix: string;
      now: string;
    }
  | { type: 'RevokeApiKey'; now: string }
  | { type: 'RecordApiKeyUse'; now: string };

export const MAX_API_KEY_NAME_LENGTH = 100;
/** "Last used" is kept to the minute: more often would write an event per request. */
export const API_KEY_USE_RESOLUTION_MS = 60_000;

const initialState = (): ApiKeyState => ({
  exists: false,
  keyId: '',
  userId: '',
  revokedAt: null,
  lastUsedAt: null,
});

const cleanName = (name: string): string => {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  if (trimmed.length === 0) throw new DomainError('VALIDATION_FAILED', 'Give the key a name.');
  if (trimmed.length > MAX_API_KEY_NAME_LENGTH)
    throw new DomainError(
      'VALIDATION_FAILED',
      `A key name can be at most ${MAX_API_KEY_NAME_LENGTH} characters.`,
    );
  return trimmed;
};

const cleanScopes = (scopes: readonly ApiKeyScope[]): ApiKeyScope[] => {
  if (scopes.length === 0) throw new DomainError('VALIDATION_FAILED', 'Choose at least one scope.');
  // In a stable order, once each; writing includes reading (a script that uploads must see its result).
  return API_KEY_SCOPES.filter((s) => scopes.includes(s) || (s === 'read' && scopes.includes('write')));
};

/** One API key of one user: created with its scopes, used, revoked for good. */
export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  initialState,
  decide(command, state) {
    if (command.type === 'CreateApiKey') {
      if (state.exists) throw new DomainError('API_KEY_EXISTS', 'This API key already exists.');
      return [
        {
          type: 'ApiKeyCreated',
          data: {
            keyId: command.keyId,
            userId: command.userId,
            name: cleanName(command.name),
            scopes: cleanScopes(command.scopes),
            keyHash: command.keyHash,
            prefix: command.prefix,
            createdAt: command.now,
          },
        },
      ];
    }
    if (!state.exists) throw new NotFoundError('API key', state.keyId);
    if (command.type === 'RevokeApiKey') {
      if (state.revokedAt !== null) return [];
      return [
        { type: 'ApiKeyRevoked', data: { keyId: state.keyId, userId: state.userId, revokedAt: command.now } },
      ];
    }
    if (state.revokedAt !== null) throw new DomainError('API_KEY_REVOKED', 'This API key was revoked.');
    if (
      state.lastUsedAt !== null &&
      Date.parse(command.now) - Date.parse(state.lastUsedAt) < API_KEY_USE_RESOLUTION_MS
    )
      return [];
    return [{ type: 'ApiKeyUsed', data: { keyId: state.keyId, usedAt: command.now } }];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ApiKeyCreated':
        return { ...state, exists: true, keyId: event.data.keyId, userId: event.data.userId };
      case 'ApiKeyRevoked':
        return { ...state, revokedAt: event.data.revokedAt };
      case 'ApiKeyUsed':
        return { ...state, lastUsedAt: event.data.usedAt };
    }
  },
};
