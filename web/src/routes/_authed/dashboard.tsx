import { createFileRoute } from '@tanstack/react-router';
import { interruptedSession } from '../../features/live/live-recorder';
import { RecordPanel } from '../../features/live/record-panel';
import { DashboardPage } from '../../features/recordings/dashboard-page';
import { InvitationsForMe } from '../../features/workspaces/invitations-for-me';
import { useCurrentWorkspace } from '../../features/workspaces/use-current-workspace';

/**
 * The dashboard (recordings) with live recording on its Record tab, the space chosen in the header and the
 * workspace invitations waiting to be accepted (the invitation email's link signs people in to here): three
 * features composed here.
 */
function Dashboard() {
  const workspace = useCurrentWorkspace();
  return (
    <DashboardPage
      recordPanel={<RecordPanel workspace={workspace} />}
      resumable={() => interruptedSession() !== null}
      workspace={workspace}
      notices={<InvitationsForMe />}
    />
  );
}

export const Route = createFileRoute('/_authed/dashboard')({ component: Dashboard });
