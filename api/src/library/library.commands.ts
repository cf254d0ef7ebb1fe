import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Label, Library } from '@scrivo/contracts';
import { type Ids, NotFoundError } from '@scrivo/domain';
import {
  type LibraryCommand,
  type LibraryState,
  libraryDecider,
  libraryStream,
  workspaceLibraryOwner,
} from '@scrivo/domain/library';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { StreamRunner } from '../infrastructure/stream-runner';
import { IDS } from '../infrastructure/tokens';
import { RecordingAccess } from '../recordings/support/recording-access';
import { WorkspaceMembership } from '../workspaces/support/workspace-membership';

/** The library as its owner sees it, folded from the stream the write just appended to. */
export const toLibrary = (state: LibraryState): Library => {
  const byName = (labels: Readonly<Record<string, string>>) =>
    Object.entries(labels)
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { folders: byName(state.folders), tags: byName(state.tags), defaultFolderId: state.defaultFolderId };
};

type Change =
  | { kind: 'createFolder' | 'createTag'; name: string }
  | { kind: 'renameFolder' | 'renameTag'; id: string; name: string }
  | { kind: 'deleteFolder' | 'deleteTag'; id: string }
  | { kind: 'setDefaultFolder'; folderId: string | null }
  | { kind: 'move'; recordingIds: readonly string[]; folderId: string | null }
  | { kind: 'tag'; recordingIds: readonly string[]; add: readonly string[]; remove: readonly string[] };

/**
 * One change to the caller's library, or to a workspace's (`workspaceId`: members and up, viewers 403, anyone else
 * 404); answers with the library and the label it created or renamed.
 */
export class ChangeLibraryCommand extends Command<{ library: Library; label: Label | null }> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly change: Change,
    readonly workspaceId: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(ChangeLibraryCommand)
export class ChangeLibraryHandler implements ICommandHandler<ChangeLibraryCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly access: RecordingAccess,
    private readonly membership: WorkspaceMembership,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({
    user,
    change,
    workspaceId,
  }: ChangeLibraryCommand): Promise<{ library: Library; label: Label | null }> {
    // Whose library: the caller's, or the workspace's, whose role is read now (as for every workspace route).
    if (workspaceId !== null) await this.membership.require(user.id, workspaceId, 'edit');
    const userId = workspaceId === null ? user.id : workspaceLibraryOwner(workspaceId);
    const now = this.runner.now();
    // Moving or tagging names recordings: each must be the caller's, or the workspace's for its library (any other
    // id is a 404, as for one that does not exist).
    if (change.kind === 'move' || change.kind === 'tag')
      for (const id of new Set(change.recordingIds)) {
        if (workspaceId === null) {
          await this.access.owned(user, id, 'uploader');
          continue;
        }
        const recording = await this.access.owned(user, id, 'edit');
        if (recording.workspaceId !== workspaceId) throw new NotFoundError('Recording', id);
      }
    const newId = this.ids.next();
    const command: LibraryCommand = (() => {
      switch (change.kind) {
        case 'createFolder':
          return { type: 'CreateFolder', userId, folderId: newId, name: change.name, now };
        case 'createTag':
          return { type: 'CreateTag', userId, tagId: newId, name: change.name, now };
        case 'renameFolder':
          return { type: 'RenameFolder', folderId: change.id, name: change.name, now };
        case 'renameTag':
          return { type: 'RenameTag', tagId: change.id, name: change.name, now };
        case 'deleteFolder':
          return { type: 'DeleteFolder', folderId: change.id, now };
        case 'deleteTag':
          return { type: 'DeleteTag', tagId: change.id, now };
        case 'setDefaultFolder':
          return { type: 'SetDefaultFolder', userId, folderId: change.folderId, now };
        case 'move':
          return {
            type: 'FileRecordings',
            userId,
            recordingIds: change.recordingIds,
            folderId: change.folderId,
            now,
          };
        case 'tag':
          return {
            type: 'TagRecordings',
            userId,
            recordingIds: change.recordingIds,
            add: change.add,
            remove: change.remove,
            now,
          };
      }
    })();
    const { state } = await this.runner.run(libraryDecider, libraryStream(userId), command, {
      actor: { kind: 'user', id: user.id },
    });
    const labelId =
      change.kind === 'createFolder' || change.kind === 'createTag'
        ? newId
        : change.kind === 'renameFolder' || change.kind === 'renameTag'
          ? change.id
          : null;
    const labels = change.kind.endsWith('Tag') ? state.tags : state.folders;
    const name = labelId === null ? undefined : labels[labelId];
    if (labelId !== null && name === undefined) throw new NotFoundError('Label', labelId);
    return {
      library: toLibrary(state),
      label: labelId !== null && name !== undefined ? { id: labelId, name } : null,
    };
  }
}
