import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorScreen, isChunkLoadError, LazyLoadError } from '../components/ui/error-screen';
import { NotFoundPage } from '../components/ui/not-found';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toast';
import { SiteExtras } from '../features/consent/site-extras';
import { SupportWidget } from '../features/support-widget/support-widget';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <SiteExtras />
      <Toaster />
      <SupportWidget />
    </>
  ),
  pendingComponent: () => <Spinner />,
  errorComponent: ({ error }) => (isChunkLoadError(error) ? <LazyLoadError /> : <ErrorScreen />),
  notFoundComponent: NotFoundPage,
});
