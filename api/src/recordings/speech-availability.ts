import {
  type SpeechRecognizer,
  type SpeechRequest,
  SpeechUnavailableError,
  type SpeechTranscript,
} from '@scrivo/domain/recordings';
import { retryWhileEngineIsDown, type WaitForEngineOptions } from '../common/wait-for-engine';

export type WaitForSpeechOptions = WaitForEngineOptions;

/**
 * Runs a transcription, and while the speech engine is unavailable (stopped, restarting, overloaded) waits and
 * tries again with backoff (1 s doubling to 15 s) instead of failing: the job keeps its lease (heartbeats go on)
 * and spends no attempt, the other jobs stay queued, and a restarted engine loses nothing. A fresh request is
 * made for each try, since the audio stream of a failed one is used up.
 */
export const transcribeWhenAvailable = (
  speech: SpeechRecognizer,
  request: () => SpeechRequest,
  options: WaitForSpeechOptions,
): Promise<SpeechTranscript> =>
  retryWhileEngineIsDown(
    'speech engine',
    () => speech.transcribe(request()),
    (error): error is SpeechUnavailableError => error instanceof SpeechUnavailableError,
    options,
  );
