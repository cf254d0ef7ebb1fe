import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { stuckMultipartUpload } from './support/stuck-upload';
import { expectStatus } from '../support/expect-status';

describe('POST /api/recordings/{id}/retry refused by the recording', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
  });
  afterAll(async () => app?.close());

  it('charges no minutes when the recording has no stored audio yet (409)', async () => {
    const { client, userId } = await signedInClient(app);
    // Probed (so its length is known) but its bytes never reached the blob store.
    const id = await stuckMultipartUpload(app, userId, 'probed');
    const before = (await client.api.recordings.usage()).body as { minutesUsed: number };

    const retry = await client.api.recordings.retry({ params: { id } });
    expectStatus(retry, 409);
    expect(retry.body).toMatchObject({ code: 'RECORDING_STATE_CONFLICT' });
    expect((await client.api.recordings.usage()).body).toMatchObject({ minutesUsed: before.minutesUsed });
    const usage = (await app.scrivo.adapters.events.readAll({ after: -1, maxCount: 100_000 })).filter(
      (e) => e.type === 'MinutesReserved' && (e.data as { recordingId: string }).recordingId === id,
    );
    expect(usage).toEqual([]);
  });
});
