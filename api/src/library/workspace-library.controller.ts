import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { ChangeLibraryCommand } from './library.commands';
import { GetLibraryQuery } from './library.queries';

const w = contract.workspaces;

/**
 * A workspace's own folders and tags (session or API key), shaped as its glossary and voices are: a resource of the
 * workspace, so the role that reads or changes them is the caller's there (members read, members and up change,
 * viewers 403, outsiders 404). The same commands as a person's library, on the workspace's library stream.
 */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class WorkspaceLibraryController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  private async change(user: AuthenticatedUser, workspaceId: string, change: ChangeLibraryCommand['change']) {
    return this.commands.execute(new ChangeLibraryCommand(user, change, workspaceId));
  }

  private async label(user: AuthenticatedUser, workspaceId: string, change: ChangeLibraryCommand['change']) {
    const { label } = await this.change(user, workspaceId, change);
    if (!label) throw new ApiError(500, 'INTERNAL_ERROR', 'The label was not written.');
    return label;
  }

  @TsRestHandler(w.library)
  get(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.library, async ({ params: { workspaceId } }) => ({
      status: 200 as const,
      body: await this.queries.execute(new GetLibraryQuery(user, workspaceId)),
    }));
  }

  @TsRestHandler(w.createFolder)
  createFolder(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.createFolder, async ({ params: { workspaceId }, body }) => ({
      status: 201 as const,
      body: await this.label(user, workspaceId, { kind: 'createFolder', name: body.name }),
    }));
  }

  @TsRestHandler(w.renameFolder)
  renameFolder(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.renameFolder, async ({ params: { workspaceId, folderId }, body }) => ({
      status: 200 as const,
      body: await this.label(user, workspaceId, { kind: 'renameFolder', id: folderId, name: body.name }),
    }));
  }

  @TsRestHandler(w.deleteFolder)
  deleteFolder(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.deleteFolder, async ({ params: { workspaceId, folderId } }) => {
      await this.change(user, workspaceId, { kind: 'deleteFolder', id: folderId });
      return { status: 204 as const, body: undefined };
    });
  }

  @TsRestHandler(w.createTag)
  createTag(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.createTag, async ({ params: { workspaceId }, body }) => ({
      status: 201 as const,
      body: await this.label(user, workspaceId, { kind: 'createTag', name: body.name }),
    }));
  }

  @TsRestHandler(w.renameTag)
  renameTag(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.renameTag, async ({ params: { workspaceId, tagId }, body }) => ({
      status: 200 as const,
      body: await this.label(user, workspaceId, { kind: 'renameTag', id: tagId, name: body.name }),
    }));
  }

  @TsRestHandler(w.deleteTag)
  deleteTag(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.deleteTag, async ({ params: { workspaceId, tagId } }) => {
      await this.change(user, workspaceId, { kind: 'deleteTag', id: tagId });
      return { status: 204 as const, body: undefined };
    });
  }

  @TsRestHandler(w.fileRecordings)
  fileRecordings(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.fileRecordings, async ({ params: { workspaceId }, body }) => {
      const { recordingIds, folderId } = body;
      await this.change(user, workspaceId, { kind: 'move', recordingIds, folderId });
      return { status: 204 as const, body: undefined };
    });
  }

  @TsRestHandler(w.tagRecordings)
  tagRecordings(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.tagRecordings, async ({ params: { workspaceId }, body }) => {
      const { recordingIds, add, remove } = body;
      await this.change(user, workspaceId, { kind: 'tag', recordingIds, add, remove });
      return { status: 204 as const, body: undefined };
    });
  }
}
