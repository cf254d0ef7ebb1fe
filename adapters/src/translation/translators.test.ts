import { afterAll, beforeAll, describe } from 'vitest';
import {
  type LanguageModelProcess,
  languageModelInstalled,
  startLanguageModel,
} from '../testing/language-model-process';
import { LocalLanguageModel } from '../language-models/local-language-model';
import { startTranslationServer, type TranslationServer } from '../testing/hf-translation-server';
import { HuggingFaceTranslator } from './huggingface-translator';
import { LanguageModelTranslator } from './language-model-translator';
import { translatorConformance } from './translator.conformance';

/**
 * Both translators against real engines: the local model (a machine draft), and the Hugging Face translation
 * task against a local server that speaks it, with the local model behind it.
 */
describe.skipIf(!languageModelInstalled())('translators', () => {
  let service: LanguageModelProcess;
  let hf: TranslationServer;
  beforeAll(async () => {
    service = await startLanguageModel();
    hf = await startTranslationServer(
      new LanguageModelTranslator(new LocalLanguageModel({ url: service.url })),
    );
  }, 180_000);
  afterAll(async () => {
    await hf?.close();
    await service?.stop();
  });

  translatorConformance('local language model (machine draft)', {
    translator: () => new LanguageModelTranslator(new LocalLanguageModel({ url: service.url })),
    unreachable: () => new LanguageModelTranslator(new LocalLanguageModel({ url: 'http://127.0.0.1:9' })),
  });
  translatorConformance('Hugging Face translation task (endpoint: a local server speaking it)', {
    translator: () => new HuggingFaceTranslator({ endpointUrl: hf.url }),
    unreachable: () => new HuggingFaceTranslator({ endpointUrl: 'http://127.0.0.1:9' }),
  });
});
