import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError, type ReadModelStore } from '@scrivo/domain';
import {
  WORKSPACE_REFUSAL,
  roleMay,
  type WorkspaceAction,
  WORKSPACE_MEMBERS_COLLECTION,
  WORKSPACES_COLLECTION,
  type WorkspaceDoc,
  type WorkspaceMemberDoc,
  workspaceMemberId,
  type WorkspaceRole,
} from '@scrivo/domain/workspaces';
import { ApiError } from '../../common/api-error';
import { READ_MODELS } from '../../infrastructure/tokens';

/**
 * "What is this user's role in workspace W", read from the members read model on every request (sessions and API
 * keys alike): nothing about workspaces is kept in a token, so a removal ends access at the very next request.
 */
@Injectable()
export class WorkspaceMembership {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /** The workspace, when it exists and is not deleted. */
  async workspace(workspaceId: string): Promise<WorkspaceDoc | null> {
    const doc = await this.readModels.collection<WorkspaceDoc>(WORKSPACES_COLLECTION).get(workspaceId);
    return doc && !doc.deleted ? doc : null;
  }

  /** The user's role, or null when they are not a member (or the workspace is gone). */
  async role(userId: string, workspaceId: string): Promise<WorkspaceRole | null> {
    const member = await this.readModels
      .collection<WorkspaceMemberDoc>(WORKSPACE_MEMBERS_COLLECTION)
      .get(workspaceMemberId(workspaceId, userId));
    if (!member) return null;
    return (await this.workspace(workspaceId)) ? member.role : null;
  }

  /** Whether the user may do `action` in the workspace (false for a non-member). */
  async may(userId: string, workspaceId: string, action: WorkspaceAction): Promise<boolean> {
    return roleMay(await this.role(userId, workspaceId), action);
  }

  /** The caller's role when it allows `action`: 404 for a non-member (as for no such workspace), 403 when too low. */
  async require(userId: string, workspaceId: string, action: WorkspaceAction): Promise<WorkspaceRole> {
    const role = await this.role(userId, workspaceId);
    if (role === null) throw new NotFoundError('Workspace', workspaceId);
    if (!roleMay(role, action)) throw new ApiError(403, 'FORBIDDEN', WORKSPACE_REFUSAL[action]);
    return role;
  }
}
