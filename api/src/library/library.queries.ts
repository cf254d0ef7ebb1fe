import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Library } from '@scrivo/contracts';
import { libraryDecider, libraryStream, workspaceLibraryOwner } from '@scrivo/domain/library';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { StreamRunner } from '../infrastructure/stream-runner';
import { WorkspaceMembership } from '../workspaces/support/workspace-membership';
import { toLibrary } from './library.commands';

/** The caller's library, or a workspace's (`workspaceId`: any member, viewers too; anyone else 404). */
export class GetLibraryQuery extends Query<Library> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly workspaceId: string | null = null,
  ) {
    super();
  }
}

/** Folded from the user's library stream: small (names and assignments), and always the latest. */
@QueryHandler(GetLibraryQuery)
export class GetLibraryHandler implements IQueryHandler<GetLibraryQuery> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
  ) {}

  async execute({ user, workspaceId }: GetLibraryQuery): Promise<Library> {
    if (workspaceId === null)
      return toLibrary(await this.runner.state(libraryDecider, libraryStream(user.id)));
    await this.membership.require(user.id, workspaceId, 'read');
    const owner = workspaceLibraryOwner(workspaceId);
    return toLibrary(await this.runner.state(libraryDecider, libraryStream(owner)));
  }
}
