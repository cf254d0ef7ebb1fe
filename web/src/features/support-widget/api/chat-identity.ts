import { useQuery } from '@tanstack/react-query';
import { chatContract } from '@scrivo/contracts';
import { clientFor, ok } from '../../../lib/client-for';

// Only this feature's routes: the module is on the landing page's first download.
const chatApi = clientFor(chatContract);

/** The signed-in user's support-chat identity (site key and the signature the API computes), fetched once. */
export const useChatIdentity = (userId: string | undefined) =>
  useQuery({
    queryKey: ['chat-identity', userId],
    queryFn: () => ok(chatApi.myIdentity()),
    enabled: userId !== undefined,
    staleTime: Infinity,
  });
