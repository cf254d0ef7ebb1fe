import type { User } from '@scrivo/contracts';
import { apiJson } from '../../lib/http';

export const accountApi = {
  get: () => apiJson<User>('GET', '/api/account'),
  update: (changes: { firstName?: string; lastName?: string; language?: 'en' | 'es' | 'fr' }) =>
    apiJson<User>('PATCH', '/api/account', changes),
};
