import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { libraryProjection } from '@scrivo/domain/library';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { registerErrorStatus } from '../common/api-error';
import { Projections } from '../infrastructure/projection-registry';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { BACKGROUND_STREAM_RUNNER } from '../infrastructure/tokens';
import { RecordingsModule } from '../recordings/recordings.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { defaultFolderReactor } from './default-folder.reactor';
import { ChangeLibraryHandler } from './library.commands';
import { LibraryController } from './library.controller';
import { GetLibraryHandler } from './library.queries';
import { WorkspaceLibraryController } from './workspace-library.controller';

registerErrorStatus('LABEL_NAME_TAKEN', 409);
registerErrorStatus('LABEL_LIMIT', 409);

/** Folders and tags of the library (docs/library.md). */
@Module({
  imports: [ApiKeysModule, RecordingsModule, WorkspacesModule],
  controllers: [LibraryController, WorkspaceLibraryController],
  providers: [ChangeLibraryHandler, GetLibraryHandler],
})
export class LibraryModule implements OnModuleInit {
  constructor(
    private readonly projections: Projections,
    @Inject(BACKGROUND_STREAM_RUNNER) private readonly background: StreamRunner,
  ) {}

  onModuleInit(): void {
    this.projections.register(libraryProjection);
    this.projections.registerReactors(defaultFolderReactor({ runner: this.background }));
  }
}
