import { type contract } from '@scrivo/contracts';
import type { ClientInferRequest } from '@ts-rest/core';
import { api, ok } from '../../lib/api-client';

export type AccountChanges = ClientInferRequest<typeof contract.accounts.updateAccount>['body'];

export const accountApi = {
  get: () => ok(api.accounts.getAccount()),
  update: (changes: AccountChanges) => ok(api.accounts.updateAccount({ body: changes })),
};
