import { useCurrentUser } from '../../../lib/api/current-user';

/** The main call to action: a signed-in user goes to their dashboard, anyone else to sign-up. */
export const useMainCtaHref = (): string => {
  const { data: user } = useCurrentUser();
  return user ? '/dashboard' : '/signup';
};
