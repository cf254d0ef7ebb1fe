import { createFileRoute, redirect } from '@tanstack/react-router';

/** /admin opens the users console; the chat queue is one click away in the admin navigation. */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/users' });
  },
});
