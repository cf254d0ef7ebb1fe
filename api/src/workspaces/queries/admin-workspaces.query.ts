import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { AdminWorkspace } from '@scrivo/contracts';
import type { ReadModelStore } from '@scrivo/domain';
import { USERS, type UserDoc } from '@scrivo/domain/accounts';
import {
  WORKSPACE_MEMBERS_COLLECTION,
  WORKSPACES_COLLECTION,
  type WorkspaceDoc,
  type WorkspaceMemberDoc,
} from '@scrivo/domain/workspaces';
import { READ_MODELS } from '../../infrastructure/tokens';

const LIMIT = 1000;

/** The operators' list of workspaces: names, owners and sizes, for support; nothing of what is inside them. */
export class ListAllWorkspacesQuery extends Query<{ workspaces: AdminWorkspace[] }> {}

@QueryHandler(ListAllWorkspacesQuery)
export class ListAllWorkspacesHandler implements IQueryHandler<ListAllWorkspacesQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  async execute(): Promise<{ workspaces: AdminWorkspace[] }> {
    const workspaces = await this.readModels
      .collection<WorkspaceDoc>(WORKSPACES_COLLECTION)
      .find({ deleted: false }, { sort: [{ field: 'createdAt', direction: 'desc' }], limit: LIMIT });
    const ids = workspaces.map((w) => w.id);
    const members = await this.readModels
      .collection<WorkspaceMemberDoc>(WORKSPACE_MEMBERS_COLLECTION)
      .find({ workspaceId: { $in: ids } });
    const owners = await this.readModels
      .collection<UserDoc>(USERS)
      .find({ id: { $in: [...new Set(workspaces.map((w) => w.ownerId))] } });
    const emailOf = new Map(owners.map((u) => [u.id, u.email]));
    const count = new Map<string, number>();
    for (const m of members) count.set(m.workspaceId, (count.get(m.workspaceId) ?? 0) + 1);
    return {
      workspaces: workspaces.map((w) => ({
        id: w.id,
        name: w.name,
        ownerId: w.ownerId,
        ownerEmail: emailOf.get(w.ownerId) ?? '',
        members: count.get(w.id) ?? 0,
        createdAt: w.createdAt,
      })),
    };
  }
}
