import { Link } from '@tanstack/react-router';
import { Badge } from '../../components/ui/badge';
import { errorMessage } from '../../lib/error-message';
import { HttpError } from '../../lib/http';
import { useCurrentUser } from '../../lib/api/current-user';
import { useWorkspace } from './api/workspaces';
import { GlossarySection } from './glossary-section';
import { InviteSection } from './invite-form';
import { MembersList } from './members-list';
import { RetentionSection } from './retention-section';
import { VoicesSection } from './voices-section';
import { managesMembers, ROLE_HINT, ROLE_LABEL } from './roles';
import { WorkspaceSettings } from './workspace-settings';

/** /workspaces/{id}: the people of a workspace and, as the caller's role allows, the controls to manage them. */
export function MembersPage({ workspaceId }: { workspaceId: string }) {
  const workspace = useWorkspace(workspaceId);
  const me = useCurrentUser().data?.id;
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <Link to="/workspaces" className="text-sm font-medium text-brand-700 hover:underline">
        ← All workspaces
      </Link>
      {workspace.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading the workspace…
        </p>
      ) : workspace.isError ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Workspace</h1>
          <p role="alert" className="text-sm text-red-700">
            {workspace.error instanceof HttpError && workspace.error.status === 404
              ? 'This workspace does not exist, or you are not a member of it.'
              : errorMessage(workspace.error)}
          </p>
        </>
      ) : (
        <>
          <div className="space-y-1">
            <h1 className="text-2xl font-bold text-slate-900">{workspace.data.name}</h1>
            <p className="flex items-center gap-2 text-sm text-slate-600">
              Your role: <Badge tone="brand">{ROLE_LABEL[workspace.data.role]}</Badge>
              <span>({ROLE_HINT[workspace.data.role]})</span>
            </p>
          </div>
          <MembersList workspace={workspace.data} me={me} />
          {managesMembers(workspace.data.role) ? <InviteSection workspace={workspace.data} /> : null}
          <RetentionSection workspace={workspace.data} />
          <GlossarySection workspace={workspace.data} />
          <VoicesSection workspace={workspace.data} />
          <WorkspaceSettings key={workspace.data.name} workspace={workspace.data} />
        </>
      )}
    </main>
  );
}
