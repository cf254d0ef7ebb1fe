import { describe, expect, it } from 'vitest';
import { languageModelInstalled } from '@scrivo/adapters/testing/language-model-process';
import { LocalLanguageModel } from '@scrivo/adapters/language-models/local-language-model';
import { startTranslationServer } from '@scrivo/adapters/testing/hf-translation-server';
import { LanguageModelTranslator } from '@scrivo/adapters/translation/language-model-translator';
import { completedRecording } from '../recordings/support/completed-recording';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { appWithLanguageModel } from './support/language-model-app';
import { launchMeeting } from './support/launch-meeting';
import { until } from './support/until';

/**
 * The operator's choice of Hugging Face for both: chat completion for summaries and the translation task for
 * translations, each a real round trip to a local server that speaks the protocol (the hosted endpoints cannot be
 * reached from here), with the local model doing the work behind it.
 */
describe.skipIf(!languageModelInstalled())(
  'summaries and translations through the Hugging Face adapters',
  () => {
    const running = appWithLanguageModel(
      (llm) => startTranslationServer(new LanguageModelTranslator(new LocalLanguageModel({ url: llm.url }))),
      ({ llm, front: translationServer }) => ({
        SCRIVO_LLM_ENGINE: 'huggingface',
        SCRIVO_HF_CHAT_ENDPOINT: llm.url,
        SCRIVO_HF_CHAT_MODEL: 'local',
        SCRIVO_TRANSLATION_ENGINE: 'huggingface',
        SCRIVO_HF_TRANSLATION_ENDPOINT: translationServer.url,
      }),
    );

    it('writes the summary through Hugging Face chat completion', async () => {
      const { client } = await signedInClient(running.app, { plan: 'business_pro' });
      const id = await completedRecording(running.app, client, launchMeeting);
      expectStatus(await client.api.summaries.request({ params: { id }, body: {} }), 202);
      const done = await until(
        () => client.api.summaries.get({ params: { id } }),
        (r) => bodyOf(r, 200).status !== 'running',
      );
      expectStatus(done, 200);
      expect(done.body.status, JSON.stringify(done.body)).toBe('ready');
      expect(String(done.body.engine)).toMatch(/^huggingface:127\.0\.0\.1:/);
      expect(JSON.stringify(done.body.content).toLowerCase()).toMatch(/march/);
    }, 200_000);

    it('translates through the Hugging Face translation task, not labelled a machine draft', async () => {
      const { client } = await signedInClient(running.app, { plan: 'premium' });
      const id = await completedRecording(running.app, client, launchMeeting);
      const { engines } = bodyOf(await client.api.translations.list({ params: { id } }), 200);
      expect(engines.filter((e) => e.available).map((e) => e.engine)).toEqual(['whisper', 'huggingface']);
      const before = running.dependency.front.requests;
      expectStatus(
        await client.api.translations.request({
          params: { id },
          body: { target: 'es', engine: 'huggingface' },
        }),
        202,
      );
      const done = await until(
        () => client.api.translations.get({ params: { id, target: 'es' } }),
        (r) => bodyOf(r, 200).status !== 'running',
      );
      expectStatus(done, 200);
      expect(done.body).toMatchObject({ status: 'ready', machineDraft: false, engine: 'huggingface' });
      expect(running.dependency.front.requests - before).toBe(3); // one request per segment
      expect(JSON.stringify(done.body.segments).toLowerCase()).toMatch(/marzo/);
    }, 200_000);
  },
);
