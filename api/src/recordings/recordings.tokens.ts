export const RECORDINGS_CONFIG = Symbol('RecordingsConfig');
export const MEDIA_TOOLKIT = Symbol('MediaToolkit');
export const JOB_QUEUE = Symbol('JobQueue');
/** Where the tus endpoint keeps uploads while their bytes arrive (support/tus-storage.ts). */
export const TUS_STORAGE = Symbol('TusStorage');

export const originalKey = (recordingId: string) => `recordings/${recordingId}/original`;
/** Lossless audio kept beside lossy media (a live session's), which transcription reads instead. */
export const sourceKey = (recordingId: string) => `recordings/${recordingId}/source.flac`;
