import { createFileRoute, redirect } from '@tanstack/react-router';

/** /signup-business redirects to /signup (spec section 2). */
export const Route = createFileRoute('/signup-business')({
  beforeLoad: () => {
    throw redirect({ to: '/signup', replace: true });
  },
});
