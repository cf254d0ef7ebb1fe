import { HuggingFaceLanguageModel } from '@scrivo/adapters/language-models/huggingface-language-model';
import { LocalLanguageModel } from '@scrivo/adapters/language-models/local-language-model';
import { OpenAiCompatibleLanguageModel } from '@scrivo/adapters/language-models/openai-compatible-language-model';
import { HuggingFaceTranslator } from '@scrivo/adapters/translation/huggingface-translator';
import { LanguageModelTranslator } from '@scrivo/adapters/translation/language-model-translator';
import type { LanguageModel, Translator } from '@scrivo/domain';
import type { AppConfig } from '../config/config';

export type LanguageEngineConfig = Pick<
  AppConfig,
  | 'SCRIVO_LLM_ENGINE'
  | 'SCRIVO_LLM_URL'
  | 'SCRIVO_LLM_BASE_URL'
  | 'SCRIVO_LLM_API_KEY'
  | 'SCRIVO_LLM_MODEL'
  | 'SCRIVO_LLM_JSON_MODE'
  | 'HF_TOKEN'
  | 'SCRIVO_HF_CHAT_MODEL'
  | 'SCRIVO_HF_CHAT_ENDPOINT'
  | 'SCRIVO_TRANSLATION_ENGINE'
  | 'SCRIVO_HF_TRANSLATION_MODEL'
  | 'SCRIVO_HF_TRANSLATION_ENDPOINT'
>;

/** The model that writes summaries and machine drafts, or null when the operator turned it off. */
export const createLanguageModel = (c: LanguageEngineConfig): LanguageModel | null => {
  if (c.SCRIVO_LLM_ENGINE === 'none') return null;
  if (c.SCRIVO_LLM_ENGINE === 'huggingface')
    return new HuggingFaceLanguageModel({
      ...(c.HF_TOKEN ? { token: c.HF_TOKEN } : {}),
      model: c.SCRIVO_HF_CHAT_MODEL,
      ...(c.SCRIVO_HF_CHAT_ENDPOINT ? { endpointUrl: c.SCRIVO_HF_CHAT_ENDPOINT } : {}),
    });
  if (c.SCRIVO_LLM_ENGINE === 'openai') {
    // The configuration refuses to start without these two (config.ts); this only narrows their types.
    if (!c.SCRIVO_LLM_BASE_URL || !c.SCRIVO_LLM_MODEL)
      throw new Error('SCRIVO_LLM_ENGINE=openai needs SCRIVO_LLM_BASE_URL and SCRIVO_LLM_MODEL');
    return new OpenAiCompatibleLanguageModel({
      baseUrl: c.SCRIVO_LLM_BASE_URL,
      model: c.SCRIVO_LLM_MODEL,
      ...(c.SCRIVO_LLM_API_KEY ? { apiKey: c.SCRIVO_LLM_API_KEY } : {}),
      jsonMode: c.SCRIVO_LLM_JSON_MODE,
    });
  }
  return new LocalLanguageModel({ url: c.SCRIVO_LLM_URL });
};

/** Text translation: a hosted translation model, or the language model writing a machine draft. */
export const createTranslator = (c: LanguageEngineConfig, model: LanguageModel | null): Translator | null => {
  if (c.SCRIVO_TRANSLATION_ENGINE === 'huggingface')
    return new HuggingFaceTranslator({
      ...(c.HF_TOKEN ? { token: c.HF_TOKEN } : {}),
      model: c.SCRIVO_HF_TRANSLATION_MODEL,
      ...(c.SCRIVO_HF_TRANSLATION_ENDPOINT ? { endpointUrl: c.SCRIVO_HF_TRANSLATION_ENDPOINT } : {}),
    });
  return model ? new LanguageModelTranslator(model) : null;
};
