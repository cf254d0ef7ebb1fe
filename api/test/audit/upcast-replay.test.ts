import type { UpcasterRegistry } from '@scrivo/domain';
import { recordingStream } from '@scrivo/domain/recordings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPCASTERS } from '../../src/infrastructure/tokens';
import { given } from '../support/given';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedInClient } from '../support/sessions';
import { toneWav } from '../security/support/world';
import { AUDITOR_ENV, auditorClient } from './support';
import { expectStatus } from '../support/expect-status';

describe('time travel reads old event shapes through the upcasters, the export keeps them as stored', () => {
  let app: TestApp;
  let streamId: string;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', ...AUDITOR_ENV });
    const owner = await signedInClient(app, { plan: 'premium' });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(toneWav(2))]), 'tone.wav');
    const created = await owner.client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    const recordingId = created.body.id as string;
    streamId = recordingStream(recordingId);
    const events = app.scrivo.adapters.events;
    const [requested] = (await events.readStream(streamId)).filter(
      (e) => e.type === 'TranscriptionRequested',
    );
    const { jobId } = requested!.data as { jobId: string };
    // Suppose progress was once written as a percentage (schema version 1) and is a fraction today (version 2):
    // the upcaster reads the old shape as the new one, and no stored event is rewritten.
    app.scrivo.app.get<UpcasterRegistry>(UPCASTERS).register('TranscriptionProgressed', 1, (data) => {
      const old = data as { recordingId: string; jobId: string; percent: number; at: string };
      return { recordingId: old.recordingId, jobId: old.jobId, progress: old.percent / 100, at: old.at };
    });
    await given(app).storedAsOnce(
      streamId,
      [
        {
          type: 'TranscriptionProgressed',
          data: { recordingId, jobId, percent: 40, at: new Date().toISOString() },
        },
      ],
      { schemaVersion: 1, actor: { kind: 'worker', id: 'old-worker' }, correlationId: jobId },
    );
  }, 120_000);
  afterAll(() => app?.close());

  it('folds the upcast event (progress 0.4) while the list and the JSON Lines show it as stored', async () => {
    const auditor = await auditorClient(app);
    const stored = await app.scrivo.adapters.events.readStream(streamId);
    const step = stored.length - 1;
    const state = await auditor.api.audit.state({ query: { streamId, step } });
    if (state.status !== 200) throw new Error(`state answered ${state.status}`);
    expect(state.body.changes).toEqual([{ path: 'lastProgress', before: 0, after: 0.4 }]);
    expect(state.body.event).toMatchObject({ schemaVersion: 1, data: { percent: 40 } });
    const exported = await auditor.api.audit.export({ query: { streamId, format: 'jsonl' } });
    const last = JSON.parse(exported.text.trimEnd().split('\n').at(-1)!) as {
      schemaVersion: number;
      data: unknown;
    };
    expect(last.schemaVersion).toBe(1);
    expect(last.data).toMatchObject({ percent: 40 });
  });
});
