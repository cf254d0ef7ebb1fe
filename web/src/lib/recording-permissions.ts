import type { Recording } from '@scrivo/contracts/recordings/recordings.contract';
import type { WorkspaceRole } from '@scrivo/contracts/workspaces/workspaces.contract';

/**
 * What the caller may do with a recording, the API's rules (api/src/recordings/support/recording-access.ts) restated
 * so a page offers only what the API allows; the API still refuses anything else with a 403 and its reason.
 * `role` is the caller's role in the recording's workspace (null: not in one, or not a member).
 */
export interface RecordingPermissions {
  /** The uploader: deletes, restores, moves, shares, retries, edits the summary's text. */
  readonly mine: boolean;
  /** Renames, pins, edits the transcript, comments: the uploader, and a workspace's members and up. */
  readonly edits: boolean;
  /**
   * Asks for (and stops) a summary or a translation: the uploader, and a workspace's members and up; the
   * uploader's plan pays whoever asks.
   */
  readonly asks: boolean;
}

export const permissionsFor = (
  recording: Pick<Recording, 'ownerId'>,
  me: string | undefined,
  role: WorkspaceRole | null | undefined,
): RecordingPermissions => {
  // A recording without `ownerId` comes from the caller's own list, which holds only their uploads.
  const mine = me !== undefined && (recording.ownerId === undefined || recording.ownerId === me);
  const edits = mine || (!!role && role !== 'viewer');
  return { mine, edits, asks: edits };
};
