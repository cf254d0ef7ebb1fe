import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/businessplan')({
  beforeLoad: () => {
    throw redirect({ to: '/plan-selection', replace: true });
  },
});
