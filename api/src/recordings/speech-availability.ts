import {
  type SpeechRecognizer,
  type SpeechRequest,
  SpeechUnavailableError,
  type TranscriptBody,
} from '@scrivo/domain/recordings';
import type { WorkerLogger } from './transcription-worker';

export interface WaitForSpeechOptions {
  /** Stops the wait (cancel, lost lease, shutdown): the last unavailability error is thrown. */
  readonly signal: AbortSignal;
  /** Give up (and let the job spend an attempt) after the engine has been unavailable this long. */
  readonly maxWaitMs: number;
  readonly logger: WorkerLogger;
  readonly context: object;
}

/**
 * Runs a transcription, and while the speech engine is unavailable (stopped, restarting, overloaded) waits and
 * tries again with backoff (1 s doubling to 15 s) instead of failing: the job keeps its lease (heartbeats go on)
 * and spends no attempt, the other jobs stay queued, and a restarted engine loses nothing. A fresh request is
 * made for each try, since the audio stream of a failed one is used up.
 */
export const transcribeWhenAvailable = async (
  speech: SpeechRecognizer,
  request: () => SpeechRequest,
  options: WaitForSpeechOptions,
): Promise<TranscriptBody> => {
  const since = Date.now();
  for (let delay = 1000; ; delay = Math.min(15_000, delay * 2)) {
    try {
      return await speech.transcribe(request());
    } catch (error) {
      if (!(error instanceof SpeechUnavailableError)) throw error;
      if (options.signal.aborted || Date.now() - since + delay > options.maxWaitMs) throw error;
      options.logger.warn(
        { ...options.context, err: error.message, retryInMs: delay },
        'speech engine unavailable: waiting for it',
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, delay);
        function done() {
          clearTimeout(timer);
          options.signal.removeEventListener('abort', done);
          resolve();
        }
        options.signal.addEventListener('abort', done);
      });
      if (options.signal.aborted) throw error;
    }
  }
};
