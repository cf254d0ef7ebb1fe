import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedRecording } from '../recordings/support/completed-recording';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectStatus } from '../support/expect-status';

describe('"Best available" translation picks the engine that can do the pair, or says why none can', () => {
  describe('with the local language model set up', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    });
    afterAll(async () => app?.close());

    it('translates English into French with the text engine (Whisper only goes into English)', async () => {
      const { client } = await signedInClient(app, { plan: 'premium' });
      const id = await completedRecording(app, client);
      const options = await client.api.translations.list({ params: { id } });
      expectStatus(options, 200);
      const engines = options.body.engines as { engine: string; available: boolean; targets: string[] }[];
      expect(engines.find((e) => e.engine === 'local')).toMatchObject({ available: true });
      expect(engines.find((e) => e.engine === 'whisper')?.targets).toEqual([]); // the transcript is English

      const french = await client.api.translations.request({ params: { id }, body: { target: 'fr' } });
      expect(french.status, french.text).toBeLessThan(300);
      expect(french.body).toMatchObject({ target: 'fr', engine: 'local' });
    });
  });

  describe('with no text translation engine', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', SCRIVO_LLM_ENGINE: 'none' });
    });
    afterAll(async () => app?.close());

    it('refuses French with 422 and why, instead of "engine not configured"', async () => {
      const { client } = await signedInClient(app, { plan: 'premium' });
      const id = await completedRecording(app, client);
      const refused = await client.api.translations.request({ params: { id }, body: { target: 'fr' } });
      expectStatus(refused, 422);
      expect(refused.body).toMatchObject({
        code: 'TRANSLATION_PAIR_UNSUPPORTED',
        message: expect.stringMatching(
          /into French: speech translation \(Whisper\) only translates into English/,
        ),
      });
    });
  });
});
