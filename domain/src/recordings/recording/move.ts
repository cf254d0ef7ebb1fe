import { DomainError, NotFoundError } from '../../kernel/errors';
import type { DomainEvent } from '../../kernel/events';
import type { WorkspaceRole } from '../../workspaces/events';
import { roleMay } from '../../workspaces/permissions';
import type { RecordingSlice } from './slice';

/**
 * The uploader moved a recording between their personal space (null) and a workspace, or between workspaces: it is
 * listed, shared, kept and transcribed (glossary, voices) as the new space's from then on.
 */
export type RecordingMoved = DomainEvent<
  'RecordingMoved',
  { recordingId: string; from: string | null; to: string | null; at: string }
>;

export interface MoveRecording {
  readonly type: 'MoveRecording';
  /** The workspace to move it into, or null: the uploader's personal space. */
  readonly to: string | null;
  /** Who asks; only the uploader moves a recording. */
  readonly by: string;
  /** The mover's role in `to` as it is now (null: not a member, or `to` is null). */
  readonly role: WorkspaceRole | null;
  readonly now: string;
}

/**
 * Only the uploader moves a recording, and only into a workspace where they could upload it (member and up): a move
 * is an upload into the new space. Out of a workspace needs no role there: the recording stays the uploader's
 * (a removed member takes theirs home). A workspace's admins do not move a member's recording out: that would take
 * it from the team into one person's private space; the workspace's retention is the admins' tool.
 */
export const move: RecordingSlice<
  MoveRecording,
  RecordingMoved,
  /** `workspaceId`: the workspace it is in now (uploaded into, or moved to), or null: the uploader's own. */
  { readonly workspaceId: string | null },
  // The core document sets `workspaceId` when the recording is created; a move only changes it.
  { readonly workspaceId?: string | null }
> = {
  commands: ['MoveRecording'],
  eventTypes: ['RecordingMoved'],
  secrets: { RecordingMoved: [] },
  initialState: { workspaceId: null },
  decide: (command, state) => {
    if (state.deleted)
      throw new DomainError(
        'RECORDING_STATE_CONFLICT',
        'A deleted recording cannot be moved: restore it first.',
      );
    if (command.by !== state.ownerId)
      throw new DomainError('FORBIDDEN', 'Only the person who uploaded this recording can move it.');
    const { to } = command;
    if (to !== null && command.role === null) throw new NotFoundError('Workspace', to);
    if (to !== null && !roleMay(command.role, 'upload'))
      throw new DomainError(
        'FORBIDDEN',
        'Viewers of a workspace cannot move recordings into it; ask an admin for the member role.',
      );
    // Moving it where it is changes nothing (a second click, a retried request).
    if (to === state.workspaceId) return [];
    return [
      {
        type: 'RecordingMoved',
        data: { recordingId: state.id, from: state.workspaceId, to, at: command.now },
      },
    ];
  },
  evolve: (_state, event) => ({ workspaceId: event.data.to }),
  library: {
    initial: {},
    evolve: (_doc, event) => ({ workspaceId: event.data.to }),
    order: [],
  },
};
