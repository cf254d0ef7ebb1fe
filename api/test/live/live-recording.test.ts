import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { untilCompleted } from '../recordings/support/until-completed';
import { appWithSpeechWorker } from '../support/speech-app';
import type { TestClient } from '../support/http-client';
import type { BlobStore } from '@scrivo/domain';
import { BLOB_STORE } from '../../src/infrastructure/tokens';
import { LiveTestSocket, pcmOfWav, SAVED_WITHIN } from './live-client';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = pcmOfWav(readFileSync(sharedAudio('jfk/jfk.wav')));
const FRAME_BYTES = 3200; // 100 ms
const PHRASE = 'ask not what your country can do for you';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Files of a folder of the embedded blob store, without the stores' own metadata files. */
const filesIn = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => !name.endsWith('.meta.json')) : [];

/** Sends frames `from`..`to` (1-based) in real time, as a microphone would. */
const play = async (live: LiveTestSocket, from: number, to: number) => {
  for (let sequence = from; sequence <= to; sequence += 1) {
    const at = (sequence - 1) * FRAME_BYTES;
    live.frame(sequence, JFK.subarray(at, Math.min(at + FRAME_BYTES, JFK.length)));
    await sleep(100);
  }
};

const completedTranscript = async (client: TestClient, recordingId: string) => {
  await untilCompleted(client, recordingId, 180_000);
  return bodyOf(await client.api.recordings.transcript({ params: { id: recordingId } }), 200);
};

describe.skipIf(!speechWorkerInstalled())('live recording with the real speech worker', () => {
  const running = appWithSpeechWorker(
    () => ({ SCRIVO_RESTORE_GRACE_SECONDS: '1', SCRIVO_MEDIA_PURGE_INTERVAL_MS: '500' }),
    240_000,
  );

  it('shows the words while they are spoken, then saves a recording transcribed like an upload', async () => {
    const { client } = await signedInClient(running.app, { plan: 'premium' });
    const live = await LiveTestSocket.open(running.app.url, client);
    live.send({ type: 'start', title: 'JFK live', language: 'en' });
    await live.next('session');
    const frames = Math.ceil(JFK.length / FRAME_BYTES);
    await play(live, 1, frames);
    // Before the stop, what the screen shows (settled text, then the current partial) holds the phrase.
    const lastPartial = live.messages.reduce((text, m) => (m.type === 'partial' ? m.text : text), '');
    const shown = [...live.messages.flatMap((m) => (m.type === 'final' ? [m.text] : [])), lastPartial].join(
      ' ',
    );
    expect(phraseErrorRate(PHRASE, shown)).toBeLessThanOrEqual(HEARD);
    expect(live.messages.findIndex((m) => m.type === 'partial' && m.text)).toBeLessThan(
      live.messages.findIndex((m) => m.type === 'final'),
    );
    expect(live.messages.some((m) => m.type === 'lag' && m.behind)).toBe(false);

    live.send({ type: 'stop' });
    const stopped = await live.next('stopped');
    expect(stopped.totalSeconds).toBeCloseTo(11, 1);
    // Finished lines come back cased and punctuated (Whisper reads again what Vosk wrote in lower case).
    const revised = live.messages.flatMap((m) => (m.type === 'revise' ? [m.text] : [])).join(' ');
    expect(revised).toMatch(/And so,? my fellow Americans/);
    expect(
      phraseErrorRate(
        PHRASE,
        live.messages
          .filter((m) => m.type === 'final')
          .map((m) => (m.type === 'final' ? m.text : ''))
          .join(' '),
      ),
    ).toBeLessThanOrEqual(HEARD);
    const { recordingId } = await live.next('finalized', () => true, SAVED_WITHIN);
    const transcript = await completedTranscript(client, recordingId);
    expect(phraseErrorRate('ask not what your country can do for you', transcript.text)).toBeLessThanOrEqual(
      HEARD,
    );
    const recording = await client.api.recordings.get({ params: { id: recordingId } });
    expectStatus(recording, 200);
    expect(recording.body).toMatchObject({ title: 'JFK live' });
    expect(recording.body.durationSeconds).toBeCloseTo(11, 1);
    const media = await client.api.recordings.media({ params: { id: recordingId } });
    expectStatus(media, 200);
    live.close();

    // The transcript was made from lossless audio kept beside the Opus media, and the raw frames are gone: the
    // recording's two blobs are the only copies of the audio, and erasing its media erases both.
    const blobs = running.app.scrivo.app.get<BlobStore>(BLOB_STORE);
    const kept = [`recordings/${recordingId}/original`, `recordings/${recordingId}/source.flac`];
    expect(await Promise.all(kept.map(async (key) => (await blobs.stat(key))?.contentType))).toEqual([
      'audio/ogg',
      'audio/flac',
    ]);
    let magic = '';
    for await (const chunk of (await blobs.get(kept[1]!, { start: 0, end: 3 })).body)
      magic += Buffer.from(chunk).toString('latin1');
    expect(magic).toBe('fLaC');
    expect(filesIn(join(running.app.dataDir, 'blobs', 'live', recordingId))).toEqual([]);
    expect((await client.api.recordings.remove({ params: { id: recordingId } })).status).toBeLessThan(300);
    const stillKept = async () => (await Promise.all(kept.map((key) => blobs.stat(key)))).filter(Boolean);
    const deadline = Date.now() + 30_000;
    while ((await stillKept()).length > 0 && Date.now() < deadline) await sleep(250);
    expect(await stillKept()).toEqual([]);
  }, 300_000);

  it('loses no audio when the connection drops: the browser re-attaches and resends what was not acknowledged', async () => {
    const { client } = await signedInClient(running.app, { plan: 'premium' });
    const first = await LiveTestSocket.open(running.app.url, client);
    first.send({ type: 'start', language: 'en' });
    const { sessionId } = await first.next('session');
    await play(first, 1, 40);
    const acked = Math.max(0, ...first.messages.map((m) => (m.type === 'ack' ? m.sequence : 0)));
    first.ws.terminate(); // dropped without a goodbye, frames in flight

    const second = await LiveTestSocket.open(running.app.url, client);
    second.send({ type: 'attach', sessionId });
    const session = await second.next('session');
    expect(session.lastSequence).toBeGreaterThanOrEqual(acked);
    const frames = Math.ceil(JFK.length / FRAME_BYTES);
    await play(second, session.lastSequence + 1, frames);
    second.send({ type: 'stop' });
    const stopped = await second.next('stopped');
    expect(Math.abs(stopped.totalSeconds - JFK.length / 32_000)).toBeLessThan(0.1);
    const { recordingId } = await second.next('finalized', () => true, SAVED_WITHIN);
    const recording = await client.api.recordings.get({ params: { id: recordingId } });
    expectStatus(recording, 200);
    expect(Math.abs(Number(recording.body.durationSeconds) - 11)).toBeLessThan(0.1);
    second.close();
  }, 300_000);
});
