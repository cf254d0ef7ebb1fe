import { createRouter } from '@tanstack/react-router';
import { Spinner } from './components/ui/spinner';
import { createQueryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';

export const queryClient = createQueryClient();

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPendingComponent: () => <Spinner />,
  defaultPendingMs: 150,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
