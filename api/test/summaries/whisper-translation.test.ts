import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { until } from './support/until';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const CLIPS = sharedAudio('picovoice-leopard-tests');

/** Whisper's own speech-to-English, from the recording's audio, as a translation engine (no language model). */
describe.skipIf(!speechWorkerInstalled())('translation into English by the speech engine', () => {
  let speech: SpeechWorkerProcess;
  let app: TestApp;
  beforeAll(async () => {
    speech = await startSpeechWorker();
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'true',
      SCRIVO_SPEECH_URL: speech.url,
      // Only Whisper: the text engines are off, so the default for English must be the audio path.
      SCRIVO_LLM_ENGINE: 'none',
    });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await speech?.stop();
  });

  it('translates a Spanish recording into English from its audio, keeping one text per segment', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const form = new FormData();
    form.set('file', new Blob([readFileSync(join(CLIPS, 'test_es.wav'))]), 'test_es.wav');
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201, created.text);
    const id = created.body.id;
    await until(
      () => client.api.recordings.get({ params: { id } }),
      (r) => ['completed', 'failed'].includes(bodyOf(r, 200).status),
      400_000,
    );
    const transcript = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200);
    expect(transcript.language).toBe('es');

    const options = bodyOf(await client.api.translations.list({ params: { id } }), 200);
    expect(options.engines.find((e) => e.engine === 'whisper')).toMatchObject({
      available: true,
      targets: ['en'],
    });
    expect(options.engines.find((e) => e.engine === 'local')!.available).toBe(false);
    // No engine here can translate into German: the answer says why, rather than naming an engine that is off.
    const refused = await client.api.translations.request({ params: { id }, body: { target: 'de' } });
    expectStatus(refused, 422);
    expect(refused.body.code).toBe('TRANSLATION_PAIR_UNSUPPORTED');
    expect(refused.body.message).toMatch(/only translates into English/);

    const started = await client.api.translations.request({ params: { id }, body: { target: 'en' } });
    expectStatus(started, 202, started.text);
    expect(started.body).toMatchObject({ engine: 'whisper', machineDraft: false });
    const done = await until(
      () => client.api.translations.get({ params: { id, target: 'en' } }),
      (r) => bodyOf(r, 200).status !== 'running',
      400_000,
    );
    expectStatus(done, 200);
    expect(done.body.status, JSON.stringify(done.body)).toBe('ready');
    const english = (done.body.segments ?? [])
      .map((s) => s.text)
      .join(' ')
      .toLowerCase();
    // "Las arenas son blanquecinas de grano medio...": the sands are whitish, of medium grain.
    expect(english).toMatch(/sand/);
    expect(String(done.body.engineName)).toMatch(/whisper/);
  }, 600_000);
});
