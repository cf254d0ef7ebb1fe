import { DomainError } from '../../kernel/errors';
import type { DomainEvent } from '../../kernel/events';
import type { RecordingSlice } from './slice';

/** The owner pinned or unpinned a recording: pinned ones come first in the library. */
export type RecordingPinned = DomainEvent<
  'RecordingPinned',
  { recordingId: string; pinned: boolean; at: string }
>;

export interface PinRecording {
  readonly type: 'PinRecording';
  readonly pinned: boolean;
  readonly now: string;
}

/** Pinning keeps a recording at the top of the library, whatever order the list is in. */
export const pin: RecordingSlice<
  PinRecording,
  RecordingPinned,
  { readonly pinned: boolean },
  /**
   * `pinnedAt` orders the pins, most recent first, and is null when not pinned. Both are absent on library
   * documents written before pinning existed: not pinned.
   */
  { readonly pinned?: boolean; readonly pinnedAt?: string | null }
> = {
  commands: ['PinRecording'],
  eventTypes: ['RecordingPinned'],
  secrets: { RecordingPinned: [] },
  initialState: { pinned: false },
  decide: (command, state) => {
    if (state.deleted)
      throw new DomainError(
        'RECORDING_STATE_CONFLICT',
        'A deleted recording cannot be pinned: restore it first.',
      );
    // Asking again for what already is changes nothing (a second click, a retried request).
    if (state.pinned === command.pinned) return [];
    return [
      { type: 'RecordingPinned', data: { recordingId: state.id, pinned: command.pinned, at: command.now } },
    ];
  },
  evolve: (_state, event) => ({ pinned: event.data.pinned }),
  library: {
    initial: { pinned: false, pinnedAt: null },
    evolve: (_doc, event) => ({
      pinned: event.data.pinned,
      pinnedAt: event.data.pinned ? event.data.at : null,
    }),
    // Descending, a null and a missing field both come last and tie: the unpinned, old documents too, stay in the
    // order the user chose (a boolean would put the documents from before pinning after every newer one).
    order: [{ field: 'pinnedAt', direction: 'desc' }],
  },
};
