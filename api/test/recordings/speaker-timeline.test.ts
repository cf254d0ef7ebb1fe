import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { untilCompleted } from './support/until-completed';
import { appWithSpeechWorker } from '../support/speech-app';
import type { TestClient } from '../support/http-client';

// A 30 s phone call between two people who talk at once here and there (pyannote's sample).
const CALL = sharedAudio('pyannote-sample/sample.wav');

interface Turn {
  speaker: string;
  start: number;
  end: number;
}

const upload = async (client: TestClient, title: string) => {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(CALL)], { type: 'application/octet-stream' }), 'call.wav');
  form.set('language', 'en');
  form.set('title', title);
  const created = await client.api.recordings.create({ body: form });
  expectStatus(created, 201);
  const id = created.body.id;
  await untilCompleted(client, id);
  return id;
};

const atOnce = (timeline: readonly Turn[]) =>
  timeline.some((a) => timeline.some((b) => a.speaker !== b.speaker && a.start < b.end && b.start < a.end));

describe.skipIf(!speechWorkerInstalled())('the speaker timeline (GET .../transcript, exports)', () => {
  const running = appWithSpeechWorker();

  it('says who speaks when, two at once included, follows a rename, and is exported as JSON and RTTM', async () => {
    const { client } = await signedInClient(running.app, { plan: 'business_pro' });
    const id = await upload(client, 'Phone call');
    const timeline =
      bodyOf(await client.api.recordings.transcript({ params: { id } }), 200).speakerTimeline ?? [];
    expect(new Set(timeline.map((t) => t.speaker))).toEqual(new Set(['Speaker 1', 'Speaker 2']));
    expect(atOnce(timeline)).toBe(true);

    const renamed = await client.api.recordings.editTranscript({
      params: { id },
      body: { version: 1, speakers: { 'Speaker 1': 'Diane Smith' } },
    });
    expectStatus(renamed, 200);
    const after =
      bodyOf(await client.api.recordings.transcript({ params: { id } }), 200).speakerTimeline ?? [];
    expect(new Set(after.map((t) => t.speaker))).toEqual(new Set(['Diane Smith', 'Speaker 2']));
    expect(after.map(({ start, end }) => [start, end])).toEqual(
      timeline.map(({ start, end }) => [start, end]),
    );

    const json = await client.api.recordings.export({ params: { id }, query: { format: 'json' } });
    expect(JSON.parse(json.text).speakerTimeline).toEqual(after);

    const rttm = await client.api.recordings.export({ params: { id }, query: { format: 'rttm' } });
    expectStatus(rttm, 200);
    expect(rttm.headers.get('content-disposition')).toContain('Phone call.rttm');
    const lines = rttm.text.trim().split('\n');
    expect(lines).toHaveLength(after.length);
    expect(lines[0]).toMatch(/^SPEAKER Phone_call 1 \d+\.\d{3} \d+\.\d{3} <NA> <NA> \S+ <NA> <NA>$/);
    expect(new Set(lines.map((l) => l.split(' ')[7]))).toEqual(new Set(['Diane_Smith', 'Speaker_2']));
  }, 600_000);

  it('builds the RTTM export from the lines when a transcript has no speaker timeline', async () => {
    const { client } = await signedInClient(running.app, { plan: 'premium' });
    const id = await upload(client, 'No labels');
    expect((await client.api.recordings.transcript({ params: { id } })).body).not.toHaveProperty(
      'speakerTimeline',
    );
    const rttm = await client.api.recordings.export({ params: { id }, query: { format: 'rttm' } });
    expectStatus(rttm, 200);
    expect(
      new Set(
        rttm.text
          .trim()
          .split('\n')
          .map((l) => l.split(' ')[7]),
      ),
    ).toEqual(new Set(['unknown']));
  }, 600_000);
});
