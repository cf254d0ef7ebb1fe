import { noSlices, type SliceCommandOf, type SliceEventOf, type SliceStateOf } from './slice';

/**
 * The recording's capabilities written as slices (`slice.ts`), one file each. Registering one here is all the
 * aggregate needs: its command, events, state, `evolve` step and secrets join the aggregate's from this list.
 */
export const recordingSlices = noSlices;

export type SliceCommand = SliceCommandOf<typeof recordingSlices>;
export type SliceEvent = SliceEventOf<typeof recordingSlices>;
export type SliceState = SliceStateOf<typeof recordingSlices>;
