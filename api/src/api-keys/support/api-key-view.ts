import type { ApiKey } from '@scrivo/contracts';
import type { ApiKeyDoc } from '@scrivo/domain/api-keys';

/** What the owner sees of a key: never its hash (nor, after creation, its secret). */
export const toApiKey = (doc: ApiKeyDoc): ApiKey => ({
  id: doc.id,
  name: doc.name,
  scopes: [...doc.scopes],
  prefix: doc.prefix,
  createdAt: doc.createdAt,
  lastUsedAt: doc.lastUsedAt,
  revokedAt: doc.revokedAt,
});
