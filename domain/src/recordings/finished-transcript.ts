import { DomainError } from '../kernel/errors';
import type { RecordingStatus } from './recording';

/** Work that reads a transcript (a share link, a summary, a translation) starts only once it is finished. */
export const requireFinishedTranscript = (status: RecordingStatus, doing: string): void => {
  if (status !== 'completed')
    throw new DomainError('RECORDING_STATE_CONFLICT', `Only a finished transcript can be ${doing}.`);
};

/**
 * A summary or a translation is made from the transcript's lines: a recording where nothing was heard (or whose
 * transcript is gone) has nothing to work on, and no later attempt changes that.
 */
export const requireTranscriptLines = <Transcript extends { readonly segments: readonly unknown[] }>(
  transcript: Transcript | null,
  doing: string,
): Transcript => {
  if (!transcript || transcript.segments.length === 0)
    throw new DomainError('NO_TRANSCRIPT', `There is no transcript to ${doing}.`);
  return transcript;
};
