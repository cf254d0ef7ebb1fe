export const RECORDINGS_CONFIG = Symbol('RecordingsConfig');
export const MEDIA_TOOLKIT = Symbol('MediaToolkit');
export const JOB_QUEUE = Symbol('JobQueue');
/** Where the tus endpoint keeps uploads while their bytes arrive (support/tus-storage.ts). */
export const TUS_STORAGE = Symbol('TusStorage');

export const originalKey = (recordingId: string) => `recordings/${recordingId}/original`;
