import { afterAll, beforeAll, describe } from 'vitest';
import { HuggingFaceLanguageModel } from './huggingface-language-model';
import { languageModelConformance } from './language-model.conformance';
import {
  type LanguageModelProcess,
  languageModelInstalled,
  startLanguageModel,
} from '../testing/language-model-process';
import { LocalLanguageModel } from './local-language-model';

/**
 * Both adapters against one real model: the local service runs Qwen2.5-Coder-1.5B on the CPU and speaks the
 * chat-completions protocol, so the Hugging Face adapter makes a real round trip to it as it would to a hosted
 * endpoint. One service for both suites: loading the model is the slow part.
 */
describe.skipIf(!languageModelInstalled())('language models', () => {
  let service: LanguageModelProcess;
  beforeAll(async () => {
    service = await startLanguageModel();
  }, 180_000);
  afterAll(async () => {
    await service?.stop();
  });

  languageModelConformance('local (llm/server.mjs)', {
    model: () => new LocalLanguageModel({ url: service.url }),
    unreachable: () => new LocalLanguageModel({ url: 'http://127.0.0.1:9' }),
  });
  languageModelConformance('Hugging Face chat completion (endpoint: the local service)', {
    model: () => new HuggingFaceLanguageModel({ endpointUrl: service.url, model: 'local' }),
    unreachable: () => new HuggingFaceLanguageModel({ endpointUrl: 'http://127.0.0.1:9', model: 'local' }),
  });
});
