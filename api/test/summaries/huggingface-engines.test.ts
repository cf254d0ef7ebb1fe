import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LanguageModelProcess,
  languageModelInstalled,
  startLanguageModel,
} from '@scrivo/adapters/language-models/language-model-process';
import { LocalLanguageModel } from '@scrivo/adapters/language-models/local-language-model';
import {
  startTranslationServer,
  type TranslationServer,
} from '@scrivo/adapters/testing/hf-translation-server';
import { LanguageModelTranslator } from '@scrivo/adapters/translation/language-model-translator';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import { completedRecording } from '../recordings/support/completed-recording';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';

const lines: [number, string, string][] = [
  [0, 'Anna', 'We agree to move the product launch to the ninth of March.'],
  [5, 'Ben', 'I will update the press release by Friday.'],
  [10, 'Carla', 'And I will book the venue for the launch party.'],
];
const meeting: TranscriptBody = {
  language: 'en',
  languageProbability: 0.99,
  durationSeconds: 15,
  text: lines.map(([, , t]) => t).join(' '),
  segments: lines.map(([start, speaker, text], id) => ({
    id,
    start,
    end: start + 5,
    text: ` ${text}`,
    speaker,
    words: [],
  })),
  engine: 'test:fixed',
};

const until = async <T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

/**
 * The operator's choice of Hugging Face for both: chat completion for summaries and the translation task for
 * translations, each a real round trip to a local server that speaks the protocol (the hosted endpoints cannot be
 * reached from here), with the local model doing the work behind it.
 */
describe.skipIf(!languageModelInstalled())(
  'summaries and translations through the Hugging Face adapters',
  () => {
    let llm: LanguageModelProcess;
    let translationServer: TranslationServer;
    let app: TestApp;

    beforeAll(async () => {
      llm = await startLanguageModel();
      translationServer = await startTranslationServer(
        new LanguageModelTranslator(new LocalLanguageModel({ url: llm.url })),
      );
      app = await startTestApp({
        SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
        SCRIVO_IN_PROCESS_LANGUAGE_WORKER: 'true',
        SCRIVO_LLM_ENGINE: 'huggingface',
        SCRIVO_HF_CHAT_ENDPOINT: llm.url,
        SCRIVO_HF_CHAT_MODEL: 'local',
        SCRIVO_TRANSLATION_ENGINE: 'huggingface',
        SCRIVO_HF_TRANSLATION_ENDPOINT: translationServer.url,
      });
    }, 240_000);
    afterAll(async () => {
      await app?.close();
      await translationServer?.close();
      await llm?.stop();
    });

    it('writes the summary through Hugging Face chat completion', async () => {
      const { client } = await signedInClient(app, { plan: 'business_pro' });
      const id = await completedRecording(app, client, meeting);
      expect((await client.post(`/api/recordings/${id}/summary`, {})).status).toBe(202);
      const done = await until(
        () => client.get(`/api/recordings/${id}/summary`),
        (r) => r.body.status !== 'running',
      );
      expect(done.body.status, JSON.stringify(done.body)).toBe('ready');
      expect(String(done.body.engine)).toMatch(/^huggingface:127\.0\.0\.1:/);
      expect(JSON.stringify(done.body.content).toLowerCase()).toMatch(/march/);
    }, 200_000);

    it('translates through the Hugging Face translation task, not labelled a machine draft', async () => {
      const { client } = await signedInClient(app, { plan: 'premium' });
      const id = await completedRecording(app, client, meeting);
      const options = await client.get(`/api/recordings/${id}/translations`);
      const engines = options.body.engines as { engine: string; available: boolean }[];
      expect(engines.filter((e) => e.available).map((e) => e.engine)).toEqual(['whisper', 'huggingface']);
      const before = translationServer.requests;
      expect(
        (await client.post(`/api/recordings/${id}/translations`, { target: 'es', engine: 'huggingface' }))
          .status,
      ).toBe(202);
      const done = await until(
        () => client.get(`/api/recordings/${id}/translations/es`),
        (r) => r.body.status !== 'running',
      );
      expect(done.body).toMatchObject({ status: 'ready', machineDraft: false, engine: 'huggingface' });
      expect(translationServer.requests - before).toBe(3); // one request per segment
      expect(JSON.stringify(done.body.segments).toLowerCase()).toMatch(/marzo/);
    }, 200_000);
  },
);
