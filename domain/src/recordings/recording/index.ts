export type { RecordingCommand } from './commands';
export { recordingDecider } from './decider';
export { DEFAULT_RESTORE_GRACE_SECONDS } from './lifecycle';
export { mediaBlobKeys, type RecordingState, type RecordingStatus, transcriptionSourceKey } from './state';
