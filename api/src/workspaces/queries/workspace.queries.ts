import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { InvitationForMe, WorkspaceDetail, WorkspaceSummary } from '@scrivo/contracts';
import type { ReadModelStore } from '@scrivo/domain';
import { USERS, type UserDoc } from '@scrivo/domain/accounts';
import {
  WORKSPACE_INVITATIONS_COLLECTION,
  WORKSPACE_MEMBERS_COLLECTION,
  WORKSPACES_COLLECTION,
  type WorkspaceDoc,
  type WorkspaceInvitationDoc,
  type WorkspaceMemberDoc,
} from '@scrivo/domain/workspaces';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { READ_MODELS } from '../../infrastructure/tokens';
import { WorkspaceMembership } from '../support/workspace-membership';
import { workspaceDetail } from '../support/workspace-view';

const LIMIT = 500;

const liveWorkspaces = async (
  readModels: ReadModelStore,
  ids: string[],
): Promise<Map<string, WorkspaceDoc>> => {
  const docs = await readModels
    .collection<WorkspaceDoc>(WORKSPACES_COLLECTION)
    .find({ id: { $in: ids }, deleted: false }, { limit: LIMIT });
  return new Map(docs.map((d) => [d.id, d]));
};

export class ListWorkspacesQuery extends Query<{ workspaces: WorkspaceSummary[] }> {
  constructor(readonly user: AuthenticatedUser) {
    super();
  }
}

@QueryHandler(ListWorkspacesQuery)
export class ListWorkspacesHandler implements IQueryHandler<ListWorkspacesQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  async execute({ user }: ListWorkspacesQuery): Promise<{ workspaces: WorkspaceSummary[] }> {
    const memberships = await this.readModels
      .collection<WorkspaceMemberDoc>(WORKSPACE_MEMBERS_COLLECTION)
      .find({ userId: user.id }, { limit: LIMIT });
    const workspaces = await liveWorkspaces(
      this.readModels,
      memberships.map((m) => m.workspaceId),
    );
    return {
      workspaces: memberships
        .flatMap((m) => {
          const w = workspaces.get(m.workspaceId);
          return w ? [{ id: w.id, name: w.name, role: m.role }] : [];
        })
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
    };
  }
}

export class GetWorkspaceQuery extends Query<WorkspaceDetail> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly workspaceId: string,
  ) {
    super();
  }
}

@QueryHandler(GetWorkspaceQuery)
export class GetWorkspaceHandler implements IQueryHandler<GetWorkspaceQuery> {
  constructor(
    private readonly membership: WorkspaceMembership,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  execute({ user, workspaceId }: GetWorkspaceQuery): Promise<WorkspaceDetail> {
    return workspaceDetail(this.readModels, this.membership, user.id, workspaceId);
  }
}

export class MyWorkspaceInvitationsQuery extends Query<{ invitations: InvitationForMe[] }> {
  constructor(readonly user: AuthenticatedUser) {
    super();
  }
}

/** Invitations to the caller's address, shown only once that address is verified: it is what proves them theirs. */
@QueryHandler(MyWorkspaceInvitationsQuery)
export class MyWorkspaceInvitationsHandler implements IQueryHandler<MyWorkspaceInvitationsQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  async execute({ user }: MyWorkspaceInvitationsQuery): Promise<{ invitations: InvitationForMe[] }> {
    const account = await this.readModels.collection<UserDoc>(USERS).get(user.id);
    if (!account?.emailVerified) return { invitations: [] };
    const invitations = await this.readModels
      .collection<WorkspaceInvitationDoc>(WORKSPACE_INVITATIONS_COLLECTION)
      .find(
        { email: account.email.toLowerCase() },
        {
          sort: [
            { field: 'invitedAt', direction: 'desc' },
            { field: 'id', direction: 'asc' },
          ],
          limit: LIMIT,
        },
      );
    const workspaces = await liveWorkspaces(
      this.readModels,
      invitations.map((i) => i.workspaceId),
    );
    return {
      invitations: invitations.flatMap((i) => {
        const w = workspaces.get(i.workspaceId);
        return w
          ? [{ id: i.id, workspaceId: w.id, workspaceName: w.name, role: i.role, invitedAt: i.invitedAt }]
          : [];
      }),
    };
  }
}

export const workspaceQueryHandlers = [
  ListWorkspacesHandler,
  GetWorkspaceHandler,
  MyWorkspaceInvitationsHandler,
];
