import { DomainError } from '../kernel/errors';
import type { RecordingStatus } from './recording';

/** Work that reads a transcript (a share link, a summary, a translation) starts only once it is finished. */
export const requireFinishedTranscript = (status: RecordingStatus, doing: string): void => {
  if (status !== 'completed')
    throw new DomainError('RECORDING_STATE_CONFLICT', `Only a finished transcript can be ${doing}.`);
};
