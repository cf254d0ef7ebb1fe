import { type SpeechWorkerProcess, startSpeechWorker } from '@scrivo/adapters/testing/speech-worker-process';
import { appBeside } from './app-beside';

/**
 * The app of one describe block transcribing with the real speech worker: its jobs run in process, so an upload is
 * transcribed without a separate job worker. `env` adds to (or changes) those settings.
 */
export const appWithSpeechWorker = (
  env: (speech: SpeechWorkerProcess) => Record<string, string> = () => ({}),
  timeoutMs?: number,
) =>
  appBeside(
    startSpeechWorker,
    (speech) => ({ SCRIVO_SPEECH_URL: speech.url, SCRIVO_IN_PROCESS_JOB_WORKER: 'true', ...env(speech) }),
    timeoutMs,
  );
