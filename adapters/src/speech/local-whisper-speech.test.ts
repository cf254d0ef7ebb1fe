import { afterAll, beforeAll, describe } from 'vitest';
import { LocalWhisperSpeech } from './local-whisper-speech';
import { speechConformance } from './speech.conformance';
import { type SpeechWorkerProcess, speechWorkerInstalled, startSpeechWorker } from './speech-worker-process';

let worker: SpeechWorkerProcess;
describe.skipIf(!speechWorkerInstalled())('LocalWhisperSpeech against the Python worker', () => {
  beforeAll(async () => {
    worker = await startSpeechWorker();
  });
  afterAll(() => worker?.stop());
  speechConformance(
    'LocalWhisperSpeech',
    () => new LocalWhisperSpeech({ baseUrl: worker.url, model: 'base' }),
    {
      reportsProgress: true,
    },
  );
});
