import { createFileRoute } from '@tanstack/react-router';
import { interruptedSession } from '../../features/live/live-recorder';
import { RecordPanel } from '../../features/live/record-panel';
import { DashboardPage } from '../../features/recordings/dashboard-page';

/** The dashboard (recordings) with live recording on its Record tab: two features composed here. */
function Dashboard() {
  return <DashboardPage recordPanel={<RecordPanel />} resumable={() => interruptedSession() !== null} />;
}

export const Route = createFileRoute('/_authed/dashboard')({ component: Dashboard });
