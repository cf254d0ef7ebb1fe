import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Library } from '@scrivo/contracts';
import { libraryDecider, libraryStream } from '@scrivo/domain/library';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { StreamRunner } from '../infrastructure/stream-runner';
import { toLibrary } from './library.commands';

export class GetLibraryQuery extends Query<Library> {
  constructor(readonly user: AuthenticatedUser) {
    super();
  }
}

/** Folded from the user's library stream: small (names and assignments), and always the latest. */
@QueryHandler(GetLibraryQuery)
export class GetLibraryHandler implements IQueryHandler<GetLibraryQuery> {
  constructor(private readonly runner: StreamRunner) {}

  async execute({ user }: GetLibraryQuery): Promise<Library> {
    return toLibrary(await this.runner.state(libraryDecider, libraryStream(user.id)));
  }
}
