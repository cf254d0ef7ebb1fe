import { afterAll, beforeAll, describe } from 'vitest';
import { HuggingFaceSpeech } from './huggingface-speech';
import { speechConformance } from './speech.conformance';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '../testing/speech-worker-process';

// The round trip is real: @huggingface/inference posts to the worker's /asr, which speaks the same
// automatic-speech-recognition protocol as the hosted Inference API and Inference Endpoints.
let worker: SpeechWorkerProcess;
describe.skipIf(!speechWorkerInstalled())(
  'HuggingFaceSpeech against an HF-protocol endpoint (the worker /asr)',
  () => {
    beforeAll(async () => {
      worker = await startSpeechWorker();
    });
    afterAll(() => worker?.stop());
    speechConformance(
      'HuggingFaceSpeech',
      () => new HuggingFaceSpeech({ endpointUrl: `${worker.url}/asr`, token: 'hf_test_token_not_checked' }),
      { reportsProgress: false },
    );
  },
);
