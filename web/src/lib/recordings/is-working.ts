import type { Recording } from '@scrivo/contracts/recordings/recordings.contract';

/** True while the recording's upload or transcription is still running, so where it stands will change by itself. */
export const isWorking = (recording: Pick<Recording, 'status'>): boolean =>
  recording.status === 'uploading' || recording.status === 'queued' || recording.status === 'transcribing';

/**
 * While work runs, the event stream says when it changes. A connection can stall without the browser noticing
 * (a proxy that drops it silently), so a working recording is also fetched again this often.
 */
export const WORKING_REFETCH_MS = 20_000;
