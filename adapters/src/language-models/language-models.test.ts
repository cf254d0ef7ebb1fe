import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  describe('the local service writes an answer in the letters of its language', () => {
    const han = /\p{Script=Han}/u;
    const invitingChinese = {
      messages: [
        {
          role: 'user' as const,
          content: 'Write the Chinese words for project manager, then the same in English.',
        },
      ],
      maxTokens: 40,
    };
    const local = () => new LocalLanguageModel({ url: service.url });

    it('keeps Chinese out of an answer written in English', async () => {
      // The same request in Chinese writes the characters: what keeps them out is the language, not the question.
      expect((await local().complete({ ...invitingChinese, answerLanguage: 'zh' })).text).toMatch(han);
      const english = (await local().complete({ ...invitingChinese, answerLanguage: 'en' })).text;
      expect(english).not.toMatch(han);
      expect(english.toLowerCase()).toContain('project manager');
    }, 120_000);

    it('keeps them out of a JSON answer and of a streamed one too', async () => {
      const asJson = {
        ...invitingChinese,
        jsonSchema: { type: 'object', properties: { words: { type: 'string' } }, required: ['words'] },
      };
      expect((await local().complete({ ...asJson, answerLanguage: 'zh' })).text).toMatch(han);
      expect((await local().complete({ ...asJson, answerLanguage: 'en' })).text).not.toMatch(han);
      const pieces: string[] = [];
      for await (const piece of local().stream({ ...invitingChinese, answerLanguage: 'en-GB' }))
        pieces.push(piece);
      expect(pieces.join('')).not.toMatch(han);
    }, 120_000);

    it('lets an answer quote what the messages hold', async () => {
      const answer = await local().complete({
        messages: [
          {
            role: 'user',
            content: "Anna's manager is called 王伟. What is the manager's name? Answer with the name only.",
          },
        ],
        maxTokens: 20,
        answerLanguage: 'en',
      });
      expect(answer.text).toMatch(han);
    }, 120_000);
  });
});
