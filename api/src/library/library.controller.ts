import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type BulkDeleteResult, contract } from '@scrivo/contracts';
import { DomainError, NotFoundError } from '@scrivo/domain';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { DeleteRecordingCommand } from '../recordings/commands/recording-lifecycle.commands';
import { ChangeLibraryCommand } from './library.commands';
import { GetLibraryQuery } from './library.queries';

const l = contract.library;

/** Folders and tags of the library: the session, or an API key like the rest of the recordings API. */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class LibraryController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  private async label(user: AuthenticatedUser, change: ChangeLibraryCommand['change']) {
    const { label } = await this.commands.execute(new ChangeLibraryCommand(user, change));
    if (!label) throw new ApiError(500, 'INTERNAL_ERROR', 'The label was not written.');
    return label;
  }

  @TsRestHandler(l.get)
  get(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(l.get, async () => ({
      status: 200 as const,
      body: await this.queries.execute(new GetLibraryQuery(user)),
    }));
  }

  @TsRestHandler(l.createFolder)
  createFolder(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(l.createFolder, async ({ body }) => ({
      status: 201 as const,
      body: await this.label(user, { kind: 'createFolder', name: body.name }),
    }));
  }

  @TsRestHandler(l.renameFolder)
  renameFolder(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(l.renameFolder, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.label(user, { kind: 'renameFolder', id: params.folderId, name: body.name }),
    }));
  }

  @TsRestHandler(l.deleteFolder)
  deleteFolder(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(l.deleteFolder, async ({ params }) => {
      await this.commands.execute(
        new ChangeLibraryCommand(user, { kind: 'deleteFolder', id: params.folderId }),
      );
      return { status: 204 as const, body: undefined };
    });
  }

  @TsRestHandler(l.createTag)
  createTag(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(l.createTag, async ({ body }) => ({
      status: 201 as const,
      body: await this.label(user, { kind: 'createTag', name: body.name }),
    }));
  }

  @TsRestHandler(l.renameTag)
  renameTag(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(l.renameTag, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.label(user, { kind: 'renameTag', id: params.tagId, name: body.name }),
    }));
  }

  @TsRestHandler(l.deleteTag)
  deleteTag(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(l.deleteTag, async ({ params }) => {
      await this.commands.execute(new ChangeLibraryCommand(user, { kind: 'deleteTag', id: params.tagId }));
      return { status: 204 as const, body: undefined };
    });
  }

  @TsRestHandler(l.setDefaultFolder)
  setDefaultFolder(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(l.setDefaultFolder, async ({ body }) => {
      const { library } = await this.commands.execute(
        new ChangeLibraryCommand(user, { kind: 'setDefaultFolder', folderId: body.folderId }),
      );
      return { status: 200 as const, body: library };
    });
  }

  @TsRestHandler(l.move)
  move(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(l.move, async ({ body }) => {
      await this.commands.execute(
        new ChangeLibraryCommand(user, {
          kind: 'move',
          recordingIds: body.recordingIds,
          folderId: body.folderId,
        }),
      );
      return { status: 204 as const, body: undefined };
    });
  }

  @TsRestHandler(l.tag)
  tag(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(l.tag, async ({ body }) => {
      await this.commands.execute(
        new ChangeLibraryCommand(user, {
          kind: 'tag',
          recordingIds: body.recordingIds,
          add: body.add,
          remove: body.remove,
        }),
      );
      return { status: 204 as const, body: undefined };
    });
  }

  /**
   * Each recording goes through the same command as DELETE /api/recordings/{id}, one after another: one that
   * cannot be deleted (someone else's, already gone) is reported with why and stops nothing else.
   */
  @TsRestHandler(l.remove)
  remove(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(l.remove, async ({ body }) => {
      const result: BulkDeleteResult = { deleted: [], failed: [] };
      for (const id of new Set(body.recordingIds)) {
        try {
          result.deleted.push(await this.commands.execute(new DeleteRecordingCommand(user, id)));
        } catch (error) {
          if (error instanceof ApiError || error instanceof DomainError)
            result.failed.push({ id, code: error.code, message: error.message });
          else if (result.deleted.length === 0) throw error;
          else
            result.failed.push({
              id,
              code: 'NOT_DELETED',
              message: 'This recording could not be deleted right now. Please try again.',
            });
        }
      }
      // Nothing of the caller's among them: the same answer as a single delete of someone else's recording.
      if (result.deleted.length === 0 && result.failed.every((failure) => failure.code === 'NOT_FOUND'))
        throw new NotFoundError('Recording', result.failed[0]?.id ?? '');
      return { status: 200 as const, body: result };
    });
  }
}
