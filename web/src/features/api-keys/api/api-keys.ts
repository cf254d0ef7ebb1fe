import type { CreateApiKeyBody } from '@scrivo/contracts/api-keys/api-keys.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

const apiKeysKey = ['api-keys'] as const;

export const useApiKeys = () => useQuery({ queryKey: apiKeysKey, queryFn: () => ok(api.apiKeys.list()) });

export const useCreateApiKey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => ok(api.apiKeys.create({ body })),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
};

export const useRevokeApiKey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => ok(api.apiKeys.revoke({ params: { keyId } })),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
};
