import { move } from './move';
import { pin } from './pin';
import {
  emptySliceList,
  type SliceCommandOf,
  type SliceDocOf,
  type SliceEventOf,
  type SliceStateOf,
} from './slice';

/**
 * The recording's capabilities written as slices (`slice.ts`), one file each. Registering one here is all the
 * aggregate and the library need: its command, events, state, `evolve` step, secrets and library fields join
 * theirs from this list.
 */
export const recordingSlices = emptySliceList.with(pin).with(move);

export type SliceCommand = SliceCommandOf<typeof recordingSlices>;
export type SliceEvent = SliceEventOf<typeof recordingSlices>;
export type SliceState = SliceStateOf<typeof recordingSlices>;
export type SliceDoc = SliceDocOf<typeof recordingSlices>;

/**
 * What the library list sorts by before the order the user chose (date, title or duration): keys of the library
 * document that put some recordings ahead of the rest whatever that order is (the slices' own, such as pins).
 */
export const LIBRARY_ORDER = recordingSlices.library.order;
