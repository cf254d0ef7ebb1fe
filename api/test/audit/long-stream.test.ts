import { type RecordingEvent, recordingStream } from '@scrivo/domain/recordings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { given } from '../support/given';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedInClient } from '../support/sessions';
import { toneWav } from '../security/support/world';
import { AUDITOR_ENV, auditorClient } from './support';
import { expectStatus } from '../support/expect-status';

const PROGRESS_EVENTS = 10_000;

describe('a recording with 10,000 progress events opens fast for an auditor', () => {
  let app: TestApp;
  let streamId: string;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', ...AUDITOR_ENV });
    const owner = await signedInClient(app, { plan: 'premium' });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(toneWav(2))]), 'tone.wav');
    const created = await owner.client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    streamId = recordingStream(created.body.id as string);
    const events = app.scrivo.adapters.events;
    const [requested] = (await events.readStream(streamId)).filter(
      (e) => e.type === 'TranscriptionRequested',
    );
    const { jobId } = requested!.data as { jobId: string };
    // What a long job leaves behind: progress reports, appended in batches as a busy worker would over hours
    // (through the decider each one would reload the growing stream; the shape stored is the same).
    const recordingId = created.body.id as string;
    for (let done = 0; done < PROGRESS_EVENTS; done += 500) {
      const batch = Array.from({ length: 500 }, (_, i): RecordingEvent => {
        const n = done + i;
        const at = new Date(Date.parse('2026-01-01T00:00:00Z') + n * 1000).toISOString();
        return {
          type: 'TranscriptionProgressed',
          data: { recordingId, jobId, progress: (n + 1) / (PROGRESS_EVENTS + 1), at },
        };
      });
      // The store is at rest, as it is when an auditor opens an old recording: given() waits for the read models.
      await given(app).recording(recordingId, batch, {
        actor: { kind: 'worker', id: 'long-job-worker' },
        correlationId: jobId,
      });
    }
  }, 300_000);
  afterAll(() => app?.close());

  it('answers the first page in under 300 ms on the embedded store, then pages to the end', async () => {
    const auditor = await auditorClient(app);
    const started = performance.now();
    const first = await auditor.api.audit.events({ query: { streamId, from: 0, limit: 100 } });
    const elapsed = performance.now() - started;
    expectStatus(first, 200);
    expect(first.body.total).toBeGreaterThan(PROGRESS_EVENTS);
    expect((first.body.events as unknown[]).length).toBe(100);
    expect(first.body.nextFrom).toBe(100);
    console.info(`first page of ${String(first.body.total)} events: ${elapsed.toFixed(1)} ms`);
    expect(elapsed).toBeLessThan(300);

    const total = first.body.total as number;
    const lastPage = await auditor.api.audit.events({ query: { streamId, from: total - 50, limit: 100 } });
    expectStatus(lastPage, 200);
    expect((lastPage.body.events as unknown[]).length).toBe(50);
    expect(lastPage.body.nextFrom).toBeNull();

    // The state at the last step folds every one of the 10,000 events, and still answers.
    const state = await auditor.api.audit.state({ query: { streamId, step: total - 1 } });
    expectStatus(state, 200);
    expect(state.body.changes).toEqual([
      expect.objectContaining({ path: 'lastProgress', after: PROGRESS_EVENTS / (PROGRESS_EVENTS + 1) }),
    ]);
  }, 60_000);
});
