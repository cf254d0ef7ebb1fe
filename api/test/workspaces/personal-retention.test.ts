import { recordingStream } from '@scrivo/domain/recordings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, expectStatus } from '../support/expect-status';
import { given } from '../support/given';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { type Person, uploadedDaysAgo, workspaceOf } from './support';

/**
 * A person's own space keeps everything until they delete it, unless they set a policy for it: the same timer as a
 * workspace's (a tick every 300 ms here, a restore period of one second), only on what they uploaded outside any
 * workspace.
 */
describe('retention of a person’s own space', () => {
  let app: TestApp;
  let ann: Person;
  let ben: Person;

  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_RETENTION_INTERVAL_MS: '300',
      SCRIVO_RESTORE_GRACE_SECONDS: '1',
    });
    [ann, ben] = await Promise.all([signedInClient(app), signedInClient(app)]);
  }, 120_000);
  afterAll(() => app?.close());

  const types = async (id: string) =>
    (await app.scrivo.adapters.events.readStream(recordingStream(id))).map((e) => e.type);

  it('is off until the person sets it; a length out of range is refused with its reason', async () => {
    expect(bodyOf(await ann.client.api.retention.get(), 200)).toEqual({ policy: null });
    const zero = await ann.client.api.retention.set({ body: { policy: { days: 0, scope: 'media' } } });
    expectStatus(zero, 400);
    expect(bodyOf(await ann.client.api.retention.get(), 200)).toEqual({ policy: null });
  });

  it('bins and erases only the person’s own recordings past their date: not a workspace’s, not someone else’s', async () => {
    const workspaceId = await workspaceOf(ann, 'No policy here');
    await given(app).recording('p-old', uploadedDaysAgo('p-old', ann.userId, null, 'Old own', 10));
    await given(app).recording('p-new', uploadedDaysAgo('p-new', ann.userId, null, 'New own', 1));
    await given(app).recording('p-team', uploadedDaysAgo('p-team', ann.userId, workspaceId, 'Team', 10));
    await given(app).recording('p-ben', uploadedDaysAgo('p-ben', ben.userId, null, 'Ben own', 10));
    const set = await ann.client.api.retention.set({ body: { policy: { days: 7, scope: 'recording' } } });
    expect(bodyOf(set, 200)).toEqual({ policy: { days: 7, scope: 'recording' } });
    expect(bodyOf(await ann.client.api.retention.get(), 200)).toEqual(set.body);

    await waitUntil('the old recording of her own is erased', async () =>
      (await types('p-old')).includes('RecordingErased'),
    );
    const page = bodyOf(await ann.client.api.recordings.get({ params: { id: 'p-new' } }), 200);
    expect(page.removal).toMatchObject({ scope: 'recording', soon: true });
    // A few more ticks: what the policy does not cover is untouched.
    await new Promise((r) => setTimeout(r, 1000));
    for (const id of ['p-new', 'p-team', 'p-ben']) expect(await types(id)).not.toContain('RecordingDeleted');
    expect(bodyOf(await ann.client.api.recordings.get({ params: { id: 'p-team' } }), 200).removal).toBeNull();
    expect(bodyOf(await ben.client.api.recordings.get({ params: { id: 'p-ben' } }), 200).removal).toBeNull();
  });

  it('is turned off with null: nothing more is removed', async () => {
    expect(bodyOf(await ann.client.api.retention.set({ body: { policy: null } }), 200)).toEqual({
      policy: null,
    });
    await given(app).recording('p-later', uploadedDaysAgo('p-later', ann.userId, null, 'Later', 30));
    await new Promise((r) => setTimeout(r, 1000));
    expect(await types('p-later')).not.toContain('RecordingDeleted');
    expect(
      bodyOf(await ann.client.api.recordings.get({ params: { id: 'p-later' } }), 200).removal,
    ).toBeNull();
  });
});
