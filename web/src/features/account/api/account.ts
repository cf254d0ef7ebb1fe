import { type contract } from '@scrivo/contracts';
import type { ClientInferRequest } from '@ts-rest/core';
import { accountsContract } from '@scrivo/contracts';
import { clientFor, ok } from '../../../lib/client-for';

// Only this feature's routes: the module is on the landing page's first download.
const accountsApi = clientFor(accountsContract);

export type AccountChanges = ClientInferRequest<typeof contract.accounts.updateAccount>['body'];

export const accountApi = {
  get: () => ok(accountsApi.getAccount()),
  update: (changes: AccountChanges) => ok(accountsApi.updateAccount({ body: changes })),
};
