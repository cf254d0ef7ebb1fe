import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { given, recordingCreated } from '../support/given';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { unchecked } from '../support/http-client';

describe('POST /api/recordings/{id}/pin: pinned recordings come first in the library', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
  });
  afterAll(async () => app?.close());

  it('lets the owner pin a recording, which then leads the list whatever its order, and unpin it', async () => {
    const { client, userId } = await signedInClient(app);
    const [older, newer] = [`pin-older-${userId}`, `pin-newer-${userId}`];
    await given(app).recording(older, [recordingCreated(older, userId, 'Older', '2026-01-01T10:00:00.000Z')]);
    await given(app).recording(newer, [recordingCreated(newer, userId, 'Newer', '2026-01-02T10:00:00.000Z')]);
    const titles = async (order: 'asc' | 'desc') => {
      const list = await client.api.recordings.list({ query: { sort: 'date', order } });
      expect(list.status).toBe(200);
      return list.status === 200 ? list.body.items.map((item) => [item.title, item.pinned]) : [];
    };
    expect(await titles('desc')).toEqual([
      ['Newer', false],
      ['Older', false],
    ]);

    const pinned = await client.api.recordings.pin({ params: { id: older }, body: { pinned: true } });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ id: older, title: 'Older', pinned: true });
    expect(await titles('desc')).toEqual([
      ['Older', true],
      ['Newer', false],
    ]);
    // Pinned first in either direction: the order the user picks sorts what is below the pins.
    expect(await titles('asc')).toEqual([
      ['Older', true],
      ['Newer', false],
    ]);

    const again = await client.api.recordings.pin({ params: { id: older }, body: { pinned: true } });
    expect(again.status).toBe(200);
    const unpinned = await client.api.recordings.pin({ params: { id: older }, body: { pinned: false } });
    expect(unpinned.body).toMatchObject({ id: older, pinned: false });
    expect(await titles('desc')).toEqual([
      ['Newer', false],
      ['Older', false],
    ]);
  });

  it("answers 404 for another user's recording and leaves it as it was", async () => {
    const owner = await signedInClient(app);
    const other = await signedInClient(app);
    const id = `pin-theirs-${owner.userId}`;
    await given(app).recording(id, [
      recordingCreated(id, owner.userId, 'Theirs', '2026-01-03T10:00:00.000Z'),
    ]);

    const attempt = await other.client.api.recordings.pin({ params: { id }, body: { pinned: true } });
    expect(attempt.status).toBe(404);
    const mine = await owner.client.api.recordings.get({ params: { id } });
    expect(mine.body).toMatchObject({ id, pinned: false });
  });

  it('refuses a body without a true or false `pinned` with a 400 that says why', async () => {
    const { client, userId } = await signedInClient(app);
    const id = `pin-bad-${userId}`;
    await given(app).recording(id, [recordingCreated(id, userId, 'Bad', '2026-01-04T10:00:00.000Z')]);
    for (const body of [{}, { pinned: 'yes' }, { pinned: null }]) {
      const refused = await client.api.recordings.pin({ params: { id }, body: unchecked(body) });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.text).toContain('pinned');
    }
  });
});
