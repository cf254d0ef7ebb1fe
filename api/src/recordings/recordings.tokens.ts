export const RECORDINGS_CONFIG = Symbol('RecordingsConfig');
export const MEDIA_TOOLKIT = Symbol('MediaToolkit');
export const JOB_QUEUE = Symbol('JobQueue');

export const originalKey = (recordingId: string) => `recordings/${recordingId}/original`;
