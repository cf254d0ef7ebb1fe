import { createFileRoute } from '@tanstack/react-router';
import { MembersPage } from '../../features/workspaces/members-page';

export const Route = createFileRoute('/_authed/workspaces/$workspaceId')({ component: Members });

function Members() {
  const { workspaceId } = Route.useParams();
  // A page per workspace: its state starts afresh when another workspace is opened.
  return <MembersPage key={workspaceId} workspaceId={workspaceId} />;
}
