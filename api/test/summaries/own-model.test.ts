import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LanguageModelProcess,
  languageModelInstalled,
  startLanguageModel,
} from '@scrivo/adapters/language-models/language-model-process';
import {
  forwardingTo,
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '@scrivo/adapters/testing/openai-compatible-server';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import { completedRecording } from '../recordings/support/completed-recording';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';

const transcriptOf = (language: string, lines: [number, string | null, string][]): TranscriptBody => ({
  language,
  languageProbability: 0.99,
  durationSeconds: lines.at(-1)![0] + 5,
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
});
const meeting = transcriptOf('en', [
  [0, 'Anna', 'We agree to move the product launch to the ninth of March.'],
  [5, 'Ben', 'I will update the press release by Friday.'],
  [10, 'Carla', 'And I will book the venue for the launch party.'],
]);
const french = transcriptOf('fr', [
  [0, null, 'Bonjour à tous.'],
  [2.5, null, 'Le rapport est prêt pour vendredi.'],
]);

const until = async <T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

const KEY = 'sk-own-model-0123456789abcdef';
const MODEL = 'qwen2.5-coder:1.5b';

/**
 * An operator who brings their own model: SCRIVO_LLM_ENGINE=openai pointed at a server that speaks the protocol
 * the way Ollama does (key, `format` schema, errors), with the local model writing behind it.
 */
describe.skipIf(!languageModelInstalled())(
  'summaries and drafts written by your own model (SCRIVO_LLM_ENGINE=openai)',
  () => {
    let llm: LanguageModelProcess;
    let ollama: OpenAiCompatibleServer;
    let app: TestApp;

    beforeAll(async () => {
      llm = await startLanguageModel();
      ollama = await startOpenAiCompatibleServer({
        model: MODEL,
        apiKey: KEY,
        engine: forwardingTo(llm.url),
      });
      app = await startTestApp({
        SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
        SCRIVO_IN_PROCESS_LANGUAGE_WORKER: 'true',
        SCRIVO_LLM_ENGINE: 'openai',
        SCRIVO_LLM_BASE_URL: ollama.baseUrl,
        SCRIVO_LLM_MODEL: MODEL,
        SCRIVO_LLM_API_KEY: KEY,
        SCRIVO_LLM_JSON_MODE: 'ollama',
        // Nothing here may reach the local service directly.
        SCRIVO_LLM_URL: 'http://127.0.0.1:9',
      });
    }, 240_000);
    afterAll(async () => {
      await app?.close();
      await ollama?.close();
      await llm?.stop();
    });

    it('writes a Business Pro summary through the endpoint, labelled with the model', async () => {
      const { client } = await signedInClient(app, { plan: 'business_pro' });
      const id = await completedRecording(app, client, meeting);
      expect((await client.post(`/api/recordings/${id}/summary`, {})).status).toBe(202);
      const done = await until(
        () => client.get(`/api/recordings/${id}/summary`),
        (r) => r.body.status !== 'running',
      );
      expect(done.body.status, JSON.stringify(done.body)).toBe('ready');
      expect(done.body.engine).toBe(`openai-compatible:${MODEL}`);
      expect(JSON.stringify(done.body.content).toLowerCase()).toMatch(/march/);
      // The shape went as Ollama's `format`, the schema itself.
      expect(ollama.bodies.length).toBeGreaterThan(0);
      for (const body of ollama.bodies)
        expect(body).toMatchObject({ model: MODEL, format: { type: 'object' } });
    }, 200_000);

    it('writes a machine-draft translation through the same endpoint', async () => {
      const { client } = await signedInClient(app, { plan: 'premium' });
      const id = await completedRecording(app, client, french);
      const started = await client.post(`/api/recordings/${id}/translations`, {
        target: 'en',
        engine: 'local',
      });
      expect(started.status, started.text).toBe(202);
      const done = await until(
        () => client.get(`/api/recordings/${id}/translations/en`),
        (r) => r.body.status !== 'running',
      );
      expect(done.body).toMatchObject({ status: 'ready', machineDraft: true, source: 'fr', target: 'en' });
      expect(JSON.stringify(done.body.segments).toLowerCase()).toMatch(/friday/);
    }, 200_000);

    it('names the model in the health answer, never the endpoint or the key', async () => {
      const health = await fetch(`${app.url}/api/health`);
      const text = await health.text();
      expect(text).toContain(MODEL);
      expect(text).toContain('openai-compatible');
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(ollama.baseUrl);
    });
  },
);
