import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import mammoth from 'mammoth';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { appWithSpeechWorker } from '../support/speech-app';
import type { TestClient } from '../support/http-client';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

// pdf-parse 1.x: the lib entry (the package main runs a self-test when loaded without a parent module).
const pdfText = createRequire(import.meta.url)('pdf-parse/lib/pdf-parse.js') as (
  data: Buffer,
) => Promise<{ text: string }>;
const JFK = sharedAudio('jfk/jfk.wav');

const followUntilDone = async (client: TestClient, id: string, timeoutMs = 240_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = bodyOf(await client.api.recordings.get({ params: { id } }), 200);
    if (['completed', 'failed', 'cancelled'].includes(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`still ${String(body.status)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
};

describe.skipIf(!speechWorkerInstalled())('a script user transcribes JFK through the API', () => {
  const running = appWithSpeechWorker();

  it('uploads, follows the status, reads the transcript, exports every format and deletes', async () => {
    const { client } = await signedInClient(running.app, { plan: 'premium' });
    const form = new FormData();
    form.set('file', new Blob([readFileSync(JFK)], { type: 'application/octet-stream' }), 'jfk.wav');
    form.set('title', 'JFK inaugural');
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    expect(created.body).toMatchObject({
      title: 'JFK inaugural',
      status: 'queued',
      durationSeconds: 11,
      mimeType: 'audio/wav',
      mediaKind: 'audio',
    });
    const id = created.body.id;

    const done = await followUntilDone(client, id);
    expect(done).toMatchObject({ status: 'completed', progress: 1, language: 'en' });

    const transcript = await client.api.recordings.transcript({ params: { id } });
    expectStatus(transcript, 200);
    expect(transcript.body.text.toLowerCase()).toContain('ask not what your country can do for you');

    const srt = await client.api.recordings.export({ params: { id }, query: { format: 'srt' } });
    expect(srt.headers.get('content-disposition')).toContain('JFK inaugural.srt');
    const cues = srt.text.trim().split(/\n\n/);
    for (const cue of cues) {
      const [n, times, ...lines] = cue.split('\n');
      expect(n).toMatch(/^\d+$/);
      expect(times).toMatch(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
    }
    const vtt = await client.api.recordings.export({ params: { id }, query: { format: 'vtt' } });
    expect(vtt.text.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt.text).toMatch(/\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}/);
    const txt = await client.api.recordings.export({
      params: { id },
      query: { format: 'txt', timestamps: 'false' },
    });
    expect(phraseErrorRate('ask not what your country', txt.text)).toBeLessThanOrEqual(HEARD);
    const json = await client.api.recordings.export({ params: { id }, query: { format: 'json' } });
    expect(JSON.parse(json.text)).toMatchObject({ recordingId: id, language: 'en' });

    const docx = await fetch(`${running.app.url}/api/recordings/${id}/export?format=docx`, {
      headers: { cookie: client.cookieHeader },
    });
    const docxText = (await mammoth.extractRawText({ buffer: Buffer.from(await docx.arrayBuffer()) })).value;
    expect(phraseErrorRate('ask not what your country', docxText)).toBeLessThanOrEqual(HEARD);
    const pdf = await fetch(`${running.app.url}/api/recordings/${id}/export?format=pdf`, {
      headers: { cookie: client.cookieHeader },
    });
    const pdfBody = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).text;
    expect(phraseErrorRate('ask not what your country', pdfBody)).toBeLessThanOrEqual(HEARD);

    const media = await client.api.recordings.media({
      params: { id },
      extraHeaders: { range: 'bytes=0-99' },
    });
    expectStatus(media, 206);
    expect(media.headers.get('content-range')).toBe(`bytes 0-99/${readFileSync(JFK).length}`);

    expectStatus(await client.api.recordings.remove({ params: { id } }), 200);
    expectStatus(await client.api.recordings.get({ params: { id } }), 404);
  }, 420_000);
});
