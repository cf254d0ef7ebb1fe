import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useToast } from '../components/ui/toast';
import { authApi } from '../lib/api/auth';
import { serverMessage } from '../lib/errors';

/** Sign-out (spec section 4): clear all cached data and reload after 100 ms, also when the call fails. */
export const useSignOut = () => {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [pending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await authApi.logout();
    } catch (error) {
      toast({ title: 'Logout failed', description: serverMessage(error, 'An error occurred') });
    } finally {
      queryClient.clear();
      setTimeout(() => window.location.reload(), 100);
    }
  }, [queryClient, toast]);
  return { signOut, pending };
};
