import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import { jobStream } from '@scrivo/domain/jobs';
import { recordingStream } from '@scrivo/domain/recordings';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';
import { bodyOf, expectStatus } from '../support/expect-status';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { type JobWorkerProcess, startJobWorker } from './support/job-worker-process';
import { type LongRecording, longRecording } from './support/long-recording';

const LEASE_MS = 3000;
// Small pieces, so a minute of speech is cut in four and the test stays short.
const PIECES = {
  SCRIVO_PIECE_THRESHOLD_SECONDS: '30',
  SCRIVO_PIECE_SECONDS: '15',
  SCRIVO_PIECE_WINDOW_SECONDS: '5',
};

const statusOf = async (client: TestClient, id: string) =>
  bodyOf(await client.api.recordings.get({ params: { id } }), 200).status;

describe.skipIf(!speechWorkerInstalled())('a job worker killed in the middle of a piece', () => {
  let speech: SpeechWorkerProcess;
  let app: TestApp;
  let dir: string;
  let recording: LongRecording;
  const workers: JobWorkerProcess[] = [];
  const workerEnv = (id: string) => ({
    SCRIVO_DATA_DIR: app.dataDir,
    SCRIVO_SPEECH_URL: speech.url,
    SCRIVO_JOB_LEASE_MS: String(LEASE_MS),
    SCRIVO_WORKER_ID: id,
    ...PIECES,
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scrivo-pieces-crash-'));
    recording = longRecording(dir, 1, 12);
    speech = await startSpeechWorker();
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_SPEECH_URL: speech.url,
      SCRIVO_JOB_LEASE_MS: String(LEASE_MS),
    });
  }, 240_000);
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop('SIGKILL');
  });
  afterAll(async () => {
    await app?.close();
    await speech?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses only that piece: another worker redoes it, and the transcript holds every piece once', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const form = new FormData();
    form.set('file', new Blob([recording.wav], { type: 'audio/wav' }), 'minute.wav');
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    const id = created.body.id;
    const { events } = app.scrivo.adapters;
    const first = startJobWorker(workerEnv('worker-one'));
    workers.push(first);
    await first.started;

    // Kill the worker the moment it has claimed the second piece (mid-recognition).
    const { jobId } = (await events.readStream(recordingStream(id))).find(
      (e) => e.type === 'TranscriptionRequested',
    )!.data as { jobId: string };
    const victim = `${jobId}-p1`;
    const deadline = Date.now() + 120_000;
    while (!(await events.readStream(jobStream(victim))).some((e) => e.type === 'JobClaimed')) {
      if (Date.now() > deadline) throw new Error(`piece 1 never claimed:\n${first.log()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await first.stop('SIGKILL');

    const second = startJobWorker(workerEnv('worker-two'));
    workers.push(second);
    await second.started;
    const done = Date.now() + 240_000;
    let status = await statusOf(client, id);
    while (status !== 'completed' && status !== 'failed' && Date.now() < done) {
      await new Promise((r) => setTimeout(r, 200));
      status = await statusOf(client, id);
    }
    expect(status, second.log()).toBe('completed');

    const stream = await events.readStream(recordingStream(id));
    const split = stream.find((e) => e.type === 'TranscriptionSplit')!.data as { pieces: unknown[] };
    expect(split.pieces.length).toBeGreaterThanOrEqual(3);
    const indexes = stream
      .filter((e) => e.type === 'TranscriptPieceTranscribed')
      .map((e) => (e.data as { index: number }).index)
      .sort((a, b) => a - b);
    expect(indexes).toEqual(split.pieces.map((_, i) => i));
    expect(stream.filter((e) => e.type === 'TranscriptionCompleted')).toHaveLength(1);
    const claims = (await events.readStream(jobStream(victim)))
      .filter((e) => e.type === 'JobClaimed')
      .map((e) => (e.data as { workerId: string }).workerId);
    expect(claims).toEqual(['worker-one', 'worker-two']);

    const transcript = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200);
    for (const clip of recording.known)
      expect(phraseErrorRate(clip.said, transcript.text), clip.said).toBeLessThanOrEqual(HEARD);
    // Nothing doubled: the transcript holds each piece's segments once, in time order.
    const recorded = stream
      .filter((e) => e.type === 'TranscriptPieceTranscribed')
      .flatMap((e) => (e.data as { segments: { start: number }[] }).segments);
    const { segments } = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200);
    expect(segments).toHaveLength(recorded.length);
    for (let i = 1; i < segments.length; i++)
      expect(segments[i]!.start).toBeGreaterThan(segments[i - 1]!.start);
  }, 600_000);
});
