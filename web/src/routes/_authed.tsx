import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Spinner } from '../components/ui/spinner';
import { AppHeader } from '../features/app-shell/app-header';
import { useCurrentUser } from '../lib/current-user';

/**
 * The guard for signed-in pages (spec: a spinner while the user loads, visitors go to /signin).
 * Minimal version by the recordings screens; the accounts feature may replace it.
 */
export const Route = createFileRoute('/_authed')({ component: AuthedLayout });

function AuthedLayout() {
  const user = useCurrentUser();
  const visitor = user.isSuccess && !user.data;
  useEffect(() => {
    // A full navigation: the sign-in page belongs to the accounts feature and may not be in this route tree.
    if (visitor) window.location.replace(`/signin?redirect=${encodeURIComponent(window.location.pathname)}`);
  }, [visitor]);
  if (user.isError) throw user.error;
  if (!user.data) return <Spinner />;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <AppHeader />
      <Outlet />
    </div>
  );
}
