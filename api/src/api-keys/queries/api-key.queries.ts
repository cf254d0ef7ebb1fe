import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ApiKey } from '@scrivo/contracts';
import type { ReadModelStore } from '@scrivo/domain';
import { API_KEYS_COLLECTION, type ApiKeyDoc } from '@scrivo/domain/api-keys';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { READ_MODELS } from '../../infrastructure/tokens';
import { toApiKey } from '../support/api-key-view';

export class ListApiKeysQuery extends Query<{ items: ApiKey[] }> {
  constructor(readonly user: AuthenticatedUser) {
    super();
  }
}

@QueryHandler(ListApiKeysQuery)
export class ListApiKeysHandler implements IQueryHandler<ListApiKeysQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  async execute({ user }: ListApiKeysQuery): Promise<{ items: ApiKey[] }> {
    const docs = await this.readModels.collection<ApiKeyDoc>(API_KEYS_COLLECTION).find(
      { userId: user.id },
      {
        sort: [
          { field: 'createdAt', direction: 'desc' },
          { field: 'id', direction: 'asc' },
        ],
        limit: 500,
      },
    );
    return { items: docs.map(toApiKey) };
  }
}
