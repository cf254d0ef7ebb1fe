import { useQuery } from '@tanstack/react-query';
import { HttpError, apiJson } from './http';

/** The signed-in user as GET /api/user returns it (the accounts contract has the full schema). */
export interface CurrentUser {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  plan: 'free' | 'premium' | 'business_pro';
}

export const currentUserQueryKey = ['user'] as const;

/** GET /api/user: the user, or null when nobody is signed in (401). Other failures are errors. */
export const fetchCurrentUser = async (): Promise<CurrentUser | null> => {
  try {
    return await apiJson<CurrentUser>('GET', '/api/user');
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
};

export const useCurrentUser = () => useQuery({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser });
