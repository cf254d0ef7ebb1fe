import { DomainError } from '../kernel/errors';
import { type RecordingState, transcriptionSourceKey } from '../recordings/recording/state';

/**
 * Whisper's speech-to-English listens to the recording again, so it needs the audio: once retention removed it,
 * there is nothing to translate from, and no later attempt changes that.
 */
export const speechTranslationSource = (recording: RecordingState): string => {
  const source = transcriptionSourceKey(recording);
  if (!source) throw new DomainError('NO_MEDIA', 'The recording’s audio is no longer kept.');
  return source;
};
