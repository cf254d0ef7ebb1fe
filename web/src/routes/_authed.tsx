import { createFileRoute, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Spinner } from '../components/ui/spinner';
import { AppHeader } from '../features/app-shell/app-header';
import { WorkspaceSwitcher } from '../features/workspaces/workspace-switcher';
import { useCurrentUser } from '../lib/api/current-user';

/**
 * The guard of the signed-in pages (/dashboard, /recordings, /transcription/{id}, /account, /data-privacy):
 * a spinner while the user loads, visitors sent to /signin with the way back in `redirect`.
 */
export const Route = createFileRoute('/_authed')({ component: AuthedLayout });

function AuthedLayout() {
  const user = useCurrentUser();
  const router = useRouter();
  const here = useRouterState({ select: (s) => s.location.href });
  const visitor = user.isSuccess && !user.data;
  // Once: while the sign-in page loads, this layout still sees the new location and must not redirect again.
  const sent = useRef(false);
  useEffect(() => {
    if (!visitor || sent.current) return;
    sent.current = true;
    router.history.replace(`/signin?redirect=${encodeURIComponent(here)}`);
  }, [visitor, here, router]);
  if (user.isError) throw user.error;
  if (!user.data) return <Spinner />;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <AppHeader spaceSwitcher={<WorkspaceSwitcher />} />
      <Outlet />
    </div>
  );
}
