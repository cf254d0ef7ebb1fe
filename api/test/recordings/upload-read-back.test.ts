import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/common/api-error';
import { Projections } from '../../src/infrastructure/projection-registry';
import { signUpOver } from '../support/api-process';
import { startTestApp, type TestApp } from '../support/test-app';
import { JFK_PATH } from './support/stuck-upload';

/**
 * Issue 45's production fault run killed the projector while an upload was being saved: its steps (created,
 * probed, stored, minutes reserved, transcription requested) were saved but a read-back timed out. The upload then
 * deleted the recording it had just saved, yet the transcription ran and the minutes stayed charged for a
 * recording the user never saw; a read-back timing out between two steps would leave the upload half done under a
 * 503 that says "saved". The read-back timing out is forced here, as the projector's death made it.
 */
describe('an upload whose read-back times out', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
  });
  afterAll(() => app?.close());

  it('is saved whole, charged, and in the library: the 503 that says "saved" is true', async () => {
    const user = await signUpOver(app.url, app.dataDir, 'read-back@example.com');
    // The projector dies as the upload starts: every read-back of its writes times out.
    const behind = vi
      .spyOn(app.scrivo.app.get(Projections), 'waitFor')
      .mockRejectedValue(
        new ApiError(503, 'READ_MODELS_BEHIND', 'Your change was saved, but the server is busy catching up.'),
      );
    const form = new FormData();
    form.set('file', new Blob([readFileSync(JFK_PATH)]), 'jfk.wav');
    const upload = await user.api.recordings.create({ body: form });
    behind.mockRestore();
    expect(upload.status).toBe(503);
    expect(upload.text).toContain('READ_MODELS_BEHIND');
    // The answer names what was saved, so a client follows it instead of sending the file again.
    const saved = upload.status === 503 ? upload.body.details?.recordingId : undefined;
    expect(saved).toEqual(expect.any(String));

    // Read once the read models have caught up (in this process, a moment later).
    const listed = async () => {
      const list = await user.api.recordings.list({ query: {} });
      return list.status === 200 ? list.body.items.map((r) => [r.title, r.status]) : list.status;
    };
    await expect.poll(listed, { timeout: 10_000 }).toEqual([['jfk', 'queued']]);
    const followed = await user.api.recordings.get({ params: { id: String(saved) } });
    expect(followed.status).toBe(200);
    const usage = await user.api.recordings.usage();
    expect(usage.status).toBe(200);
    if (usage.status === 200) expect(usage.body.minutesUsed).toBeGreaterThan(0);
  });
});
