import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingStream } from '@scrivo/domain/recordings';
import { createJobQueue } from '../../src/recordings/job-queue-factory';
import { TRANSCRIPTION_JOB } from '../../src/recordings/transcription-job';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { JFK_PATH } from './support/stuck-upload';
import { expectStatus } from '../support/expect-status';

/**
 * A job worker that marked its job dead and then died before telling the recording (or one that stopped
 * answering on the last attempt, which the next claim turns into a dead job): the dead-jobs reactor fails the
 * recording, and the minutes-release reactor gives its minutes back.
 */
describe('a transcription job that died without its recording being told', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('fails the recording with a reason the owner understands and gives the minutes back', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const form = new FormData();
    form.set('file', new Blob([readFileSync(JFK_PATH)]), 'jfk.wav');
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    const id = created.body.id as string;
    expect(((await client.api.recordings.usage()).body as { minutesUsed: number }).minutesUsed).toBe(0.2);

    const { events } = app.scrivo.adapters;
    const ids = { next: () => crypto.randomUUID() };
    const jobs = await createJobQueue(app.scrivo.config, { events, clock: { now: () => new Date() }, ids });
    try {
      const job = await jobs.claim('a-worker-about-to-die', [TRANSCRIPTION_JOB]);
      expect(job?.subjectId).toBe(id);
      await jobs.fail(job!, 'the engine crashed on this file', false);
    } finally {
      await jobs.close();
    }

    const deadline = Date.now() + 10_000;
    let recording = (await client.api.recordings.get({ params: { id } })).body as {
      status: string;
      error: { code: string; message: string } | null;
    };
    while (recording.status !== 'failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      recording = (await client.api.recordings.get({ params: { id } })).body as typeof recording;
    }
    expect(recording).toMatchObject({ status: 'failed', error: { code: 'TRANSCRIPTION_FAILED' } });
    expect(recording.error!.message).toMatch(/try again/i);
    const usageDeadline = Date.now() + 10_000;
    let used = 0.2;
    while (used !== 0 && Date.now() < usageDeadline) {
      used = ((await client.api.recordings.usage()).body as { minutesUsed: number }).minutesUsed;
      if (used !== 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(used).toBe(0);
    const stream = await events.readStream(recordingStream(id));
    expect(stream.filter((e) => e.type === 'TranscriptionFailed')).toHaveLength(1);

    // The owner retries: a new attempt reserves the minutes again, and nothing of the dead one is released late.
    const retried = await client.api.recordings.retry({ params: { id } });
    expectStatus(retried, 202);
    expect(retried.body).toMatchObject({ status: 'queued' });
    expect(((await client.api.recordings.usage()).body as { minutesUsed: number }).minutesUsed).toBe(0.2);
  });
});
