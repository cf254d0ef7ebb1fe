import { describe, expect, it } from 'vitest';
import { languageModelInstalled } from '@scrivo/adapters/testing/language-model-process';
import { forwardingTo, startOpenAiCompatibleServer } from '@scrivo/adapters/testing/openai-compatible-server';
import { completedRecording } from '../recordings/support/completed-recording';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { appWithLanguageModel } from './support/language-model-app';
import { launchMeeting, transcriptOf } from './support/launch-meeting';
import { until } from './support/until';

const french = transcriptOf('fr', [
  [0, null, 'Bonjour à tous.'],
  [2.5, null, 'Le rapport est prêt pour vendredi.'],
]);

const KEY = 'sk-own-model-0123456789abcdef';
const MODEL = 'qwen2.5-coder:1.5b';

/**
 * An operator who brings their own model: SCRIVO_LLM_ENGINE=openai pointed at a server that speaks the protocol
 * the way Ollama does (key, `format` schema, errors), with the local model writing behind it.
 */
describe.skipIf(!languageModelInstalled())(
  'summaries and drafts written by your own model (SCRIVO_LLM_ENGINE=openai)',
  () => {
    const running = appWithLanguageModel(
      (llm) => startOpenAiCompatibleServer({ model: MODEL, apiKey: KEY, engine: forwardingTo(llm.url) }),
      ({ front: ollama }) => ({
        SCRIVO_LLM_ENGINE: 'openai',
        SCRIVO_LLM_BASE_URL: ollama.baseUrl,
        SCRIVO_LLM_MODEL: MODEL,
        SCRIVO_LLM_API_KEY: KEY,
        SCRIVO_LLM_JSON_MODE: 'ollama',
        // Nothing here may reach the local service directly.
        SCRIVO_LLM_URL: 'http://127.0.0.1:9',
      }),
    );

    it('writes a Business Pro summary through the endpoint, labelled with the model', async () => {
      const { client } = await signedInClient(running.app, { plan: 'business_pro' });
      const id = await completedRecording(running.app, client, launchMeeting);
      expectStatus(await client.api.summaries.request({ params: { id }, body: {} }), 202);
      const done = await until(
        () => client.api.summaries.get({ params: { id } }),
        (r) => bodyOf(r, 200).status !== 'running',
      );
      expectStatus(done, 200);
      expect(done.body.status, JSON.stringify(done.body)).toBe('ready');
      expect(done.body.engine).toBe(`openai-compatible:${MODEL}`);
      expect(JSON.stringify(done.body.content).toLowerCase()).toMatch(/march/);
      // The shape went as Ollama's `format`, the schema itself.
      expect(running.dependency.front.bodies.length).toBeGreaterThan(0);
      for (const body of running.dependency.front.bodies)
        expect(body).toMatchObject({ model: MODEL, format: { type: 'object' } });
    }, 200_000);

    it('writes a machine-draft translation through the same endpoint', async () => {
      const { client } = await signedInClient(running.app, { plan: 'premium' });
      const id = await completedRecording(running.app, client, french);
      const started = await client.api.translations.request({
        params: { id },
        body: { target: 'en', engine: 'local' },
      });
      expectStatus(started, 202, started.text);
      const done = await until(
        () => client.api.translations.get({ params: { id, target: 'en' } }),
        (r) => bodyOf(r, 200).status !== 'running',
      );
      expectStatus(done, 200);
      expect(done.body).toMatchObject({ status: 'ready', machineDraft: true, source: 'fr', target: 'en' });
      expect(JSON.stringify(done.body.segments).toLowerCase()).toMatch(/friday/);
    }, 200_000);

    it('names the model in the health answer, never the endpoint or the key', async () => {
      const health = await fetch(`${running.app.url}/api/health`);
      const text = await health.text();
      expect(text).toContain(MODEL);
      expect(text).toContain('openai-compatible');
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(running.dependency.front.baseUrl);
    });
  },
);
