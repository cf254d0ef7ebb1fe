import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamRunner } from '../../src/infrastructure/stream-runner';
import { JFK } from '../recordings/support/completed-recording';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { startedAsWorker } from '../recordings/support/test-worker';
import { bodyOf, expectStatus } from '../support/expect-status';

/** No job worker runs here: the request waits on a transcription the test finishes (or never does). */
describe('the OpenAI-compatible endpoint while the transcription is still running', () => {
  let app: TestApp;
  let owner: TestClient;
  let key: string;

  const transcribe = () => {
    const form = new FormData();
    form.set('file', new Blob([JFK]), 'jfk.wav');
    form.set('model', 'whisper-1');
    return fetch(`${app.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
  };
  const newestRecording = async () => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const items = bodyOf(await owner.api.recordings.list(), 200).items as { id: string; status: string }[];
      const queued = items.find((i) => i.status === 'queued');
      if (queued) return queued.id;
      if (Date.now() > deadline) throw new Error('the upload never showed in the library');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', SCRIVO_OPENAI_WAIT_SECONDS: '3' });
    ({ client: owner } = await signedInClient(app, { plan: 'premium' }));
    const created = await owner.api.apiKeys.create({ body: { name: 'SDK', scopes: ['write'] } });
    expectStatus(created, 201);
    key = created.body.secret as string;
  }, 120_000);
  afterAll(() => app?.close());

  it('answers a failed transcription with 422 in OpenAI’s shape, and tells the SDK not to retry', async () => {
    const answer = transcribe();
    const id = await newestRecording();
    await (
      await startedAsWorker(app.scrivo.app.get(StreamRunner), id)
    ).fail('NO_SPEECH', 'No speech was found.');
    const res = await answer;
    expect(res.status).toBe(422);
    expect(res.headers.get('x-should-retry')).toBe('false');
    expect(await res.json()).toEqual({
      error: {
        message: 'No speech was found.',
        type: 'invalid_request_error',
        param: null,
        code: 'no_speech',
      },
    });
  });

  it('gives up waiting with a 504 that names the recording, which carries on in the library', async () => {
    const res = await transcribe();
    expect(res.status).toBe(504);
    expect(res.headers.get('x-should-retry')).toBe('false');
    const body = (await res.json()) as { error: { message: string; type: string; code: string } };
    expect(body.error).toMatchObject({ type: 'server_error', code: 'transcription_timeout' });
    const id = await newestRecording();
    expect(body.error.message).toContain(id);
  });
});
