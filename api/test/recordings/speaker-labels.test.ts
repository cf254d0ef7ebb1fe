import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/speech/speech-worker-process';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import type { TestClient } from '../support/http-client';

// A 30 s phone call between two people (pyannote's sample, with its reference RTTM).
const CALL = join(import.meta.dirname, '../../../../shared/audio/pyannote-sample/sample.wav');

const transcribe = async (client: TestClient) => {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(CALL)], { type: 'application/octet-stream' }), 'call.wav');
  form.set('language', 'en');
  const created = await client.post('/api/recordings', form);
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  const deadline = Date.now() + 240_000;
  for (;;) {
    const { body } = await client.get(`/api/recordings/${id}`);
    if (body.status === 'completed') break;
    if (body.status === 'failed' || Date.now() > deadline)
      throw new Error(`recording ${String(body.status)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const transcript = await client.get(`/api/recordings/${id}/transcript`);
  expect(transcript.status).toBe(200);
  return { id, segments: transcript.body.segments as { text: string; speaker: string | null }[] };
};

describe.skipIf(!speechWorkerInstalled())('speaker labels (Business Pro)', () => {
  let speech: SpeechWorkerProcess;
  let app: TestApp;
  beforeAll(async () => {
    speech = await startSpeechWorker();
    app = await startTestApp({ SCRIVO_SPEECH_URL: speech.url, SCRIVO_IN_PROCESS_JOB_WORKER: 'true' });
  });
  afterAll(async () => {
    await app?.close();
    await speech?.stop();
  });

  it('labels who spoke on Business Pro and leaves speakers empty on Premium', async () => {
    const { client: pro } = await signedInClient(app, { plan: 'business_pro' });
    const labelled = await transcribe(pro);
    expect(labelled.segments.length).toBeGreaterThan(1);
    expect(new Set(labelled.segments.map((s) => s.speaker))).toEqual(new Set(['Speaker 1', 'Speaker 2']));
    const txt = await pro.get(`/api/recordings/${labelled.id}/export?format=txt`);
    expect(txt.text).toContain('Speaker 1');
    expect(txt.text).toContain('Speaker 2');

    const { client: premium } = await signedInClient(app, { plan: 'premium' });
    const plain = await transcribe(premium);
    expect(plain.segments.length).toBeGreaterThan(0);
    expect(plain.segments.every((s) => s.speaker === null)).toBe(true);
  }, 600_000);
});
