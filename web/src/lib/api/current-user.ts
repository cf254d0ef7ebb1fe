import { accountsContract, type User } from '@scrivo/contracts';
import { useQuery } from '@tanstack/react-query';
import { clientFor, ok } from '../client-for';

// Only the accounts routes: this module is on the landing page's first download.
const accounts = clientFor(accountsContract);
import { HttpError } from '../http';

/** The signed-in user as GET /api/user returns it (schema: `User` in the accounts contract). */
export type CurrentUser = User;

export const currentUserQueryKey = ['user'] as const;

/** GET /api/user: the user, or null when nobody is signed in (401). Other failures are errors. */
export const fetchCurrentUser = async (): Promise<CurrentUser | null> => {
  try {
    return await ok(accounts.currentUser());
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
};

export const useCurrentUser = () => useQuery({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser });
