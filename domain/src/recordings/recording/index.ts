export type { RecordingCommand } from './commands';
export { recordingDecider } from './decider';
export { LIBRARY_ORDER } from './slices';
export { DEFAULT_RESTORE_GRACE_SECONDS } from './lifecycle';
export { mediaBlobKeys, type RecordingState, type RecordingStatus, transcriptionSourceKey } from './state';
export { readableAudio } from './transcription';
