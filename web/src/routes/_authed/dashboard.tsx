import { createFileRoute } from '@tanstack/react-router';
import { interruptedSession } from '../../features/live/live-recorder';
import { RecordPanel } from '../../features/live/record-panel';
import { DashboardPage } from '../../features/recordings/dashboard-page';
import { useCurrentWorkspace } from '../../features/workspaces/use-current-workspace';

/**
 * The dashboard (recordings) with live recording on its Record tab and the space chosen in the header: three
 * features composed here.
 */
function Dashboard() {
  const workspace = useCurrentWorkspace();
  return (
    <DashboardPage
      recordPanel={<RecordPanel />}
      resumable={() => interruptedSession() !== null}
      workspace={workspace}
    />
  );
}

export const Route = createFileRoute('/_authed/dashboard')({ component: Dashboard });
