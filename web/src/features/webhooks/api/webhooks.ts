import type { CreateWebhookBody } from '@scrivo/contracts/webhooks/webhooks.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

const webhooksKey = ['webhooks'] as const;
const deliveriesKey = (webhookId: string) => ['webhooks', webhookId, 'deliveries'] as const;

export const useWebhooks = () => useQuery({ queryKey: webhooksKey, queryFn: () => ok(api.webhooks.list()) });

/** A webhook's deliveries, refreshed every few seconds while one is still pending (retries show up by themselves). */
export const useWebhookDeliveries = (webhookId: string) =>
  useQuery({
    queryKey: deliveriesKey(webhookId),
    queryFn: () => ok(api.webhooks.deliveries({ params: { webhookId } })),
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 2000 : false),
  });

export const useCreateWebhook = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => ok(api.webhooks.create({ body })),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
};

export const useDeleteWebhook = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => ok(api.webhooks.remove({ params: { webhookId } })),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
};

export const useSendTestWebhook = (webhookId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => ok(api.webhooks.sendTest({ params: { webhookId } })),
    onSuccess: () => client.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
  });
};
