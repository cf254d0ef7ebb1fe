import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { untilCompleted } from './support/until-completed';
import { appWithSpeechWorker } from '../support/speech-app';
import type { TestClient } from '../support/http-client';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

// A 30 s phone call between two people (pyannote's sample, with its reference RTTM).
const CALL = sharedAudio('pyannote-sample/sample.wav');

const transcribe = async (client: TestClient, fields: Record<string, string> = {}) => {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(CALL)], { type: 'application/octet-stream' }), 'call.wav');
  form.set('language', 'en');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const created = await client.api.recordings.create({ body: form });
  expectStatus(created, 201);
  const id = created.body.id;
  await untilCompleted(client, id);
  const transcript = await client.api.recordings.transcript({ params: { id } });
  expectStatus(transcript, 200);
  return { id, segments: transcript.body.segments };
};

describe.skipIf(!speechWorkerInstalled())('speaker labels (Business Pro)', () => {
  const running = appWithSpeechWorker();

  it('labels who spoke on Business Pro and leaves speakers empty on Premium', async () => {
    const { client: pro } = await signedInClient(running.app, { plan: 'business_pro' });
    const labelled = await transcribe(pro);
    expect(labelled.segments.length).toBeGreaterThan(1);
    expect(new Set(labelled.segments.map((s) => s.speaker))).toEqual(new Set(['Speaker 1', 'Speaker 2']));
    const txt = await pro.api.recordings.export({ params: { id: labelled.id }, query: { format: 'txt' } });
    expect(txt.text).toContain('Speaker 1');
    expect(txt.text).toContain('Speaker 2');

    const { client: premium } = await signedInClient(running.app, { plan: 'premium' });
    const plain = await transcribe(premium);
    expect(plain.segments.length).toBeGreaterThan(0);
    expect(plain.segments.every((s) => s.speaker === null)).toBe(true);
  }, 600_000);

  it('labels as many people as the uploader says, and refuses a count that is not one', async () => {
    const { client } = await signedInClient(running.app, { plan: 'business_pro' });
    const one = await transcribe(client, { speakers: '1' });
    expect(new Set(one.segments.map((s) => s.speaker))).toEqual(new Set(['Speaker 1']));
    const recording = bodyOf(await client.api.recordings.get({ params: { id: one.id } }), 200);
    expect(recording.options).toMatchObject({ speakers: { min: 1, max: 1 } });

    const form = new FormData();
    form.set('file', new Blob([readFileSync(CALL)]), 'call.wav');
    form.set('speakers', 'two');
    const refused = await client.api.recordings.create({ body: form });
    expectStatus(refused, 400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { param: 'speakers' } });
    form.delete('speakers');
    form.set('minSpeakers', '4');
    form.set('maxSpeakers', '2');
    expect((await client.api.recordings.create({ body: form })).body).toMatchObject({
      details: { param: 'minSpeakers' },
    });
  }, 600_000);
});
