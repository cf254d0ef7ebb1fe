import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { recordingStream } from '@scrivo/domain/recordings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, expectStatus } from '../support/expect-status';
import { given } from '../support/given';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { daysAgo, DAY_MS, type Person, uploadedDaysAgo, workspaceOf } from './support';

/** A word nobody else writes: where it is in a file of the data folder, the title is readable there. */
const TITLE_WORD = 'Quillfeatherby';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/**
 * The timer that applies retention, on the real API with its embedded stores: a tick every 300 ms and a restore
 * period of one second, recordings seeded as uploaded weeks ago.
 */
describe('workspace retention, applied: past its date a recording goes to the bin and is erased, or loses its media', () => {
  let app: TestApp;
  let ann: Person;
  let annId: string;

  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_RETENTION_INTERVAL_MS: '300',
      SCRIVO_RESTORE_GRACE_SECONDS: '1',
    });
    ann = await signedInClient(app);
    annId = ann.userId;
  }, 120_000);
  afterAll(() => app?.close());

  const policy = async (workspaceId: string, days: number, scope: 'media' | 'recording') =>
    expectStatus(
      await ann.client.api.workspaces.setRetention({
        params: { workspaceId },
        body: { policy: { days, scope } },
      }),
      200,
    );

  it('shows each recording its date, warned in the last week, and leaves a recording before its date alone', async () => {
    const workspaceId = await workspaceOf(ann, 'Kept a month');
    await given(app).recording('r-new', uploadedDaysAgo('r-new', annId, workspaceId, 'New', 1));
    await given(app).recording('r-soon', uploadedDaysAgo('r-soon', annId, workspaceId, 'Soon', 25));
    await policy(workspaceId, 30, 'recording');
    const items = bodyOf(await ann.client.api.recordings.list({ query: { workspaceId } }), 200).items;
    const removal = (id: string) => items.find((i) => i.id === id)?.removal;
    expect(removal('r-new')).toMatchObject({ scope: 'recording', soon: false });
    expect(Date.parse(removal('r-new')!.at) - Date.parse(daysAgo(1))).toBeGreaterThan(28 * DAY_MS);
    expect(removal('r-soon')).toMatchObject({ scope: 'recording', soon: true });
    const page = bodyOf(await ann.client.api.recordings.get({ params: { id: 'r-soon' } }), 200);
    expect(page.removal).toEqual(removal('r-soon'));
    // A few ticks later both are still there.
    await new Promise((r) => setTimeout(r, 1000));
    for (const id of ['r-new', 'r-soon'])
      expectStatus(await ann.client.api.recordings.get({ params: { id } }), 200);
  });

  it('bins a recording past its date, then erases it after the restore period: nothing of it left in the data folder', async () => {
    const workspaceId = await workspaceOf(ann, 'Kept a week');
    const title = `${TITLE_WORD} planning`;
    await given(app).recording('r-old', uploadedDaysAgo('r-old', annId, workspaceId, title, 10));
    expect(filesUnder(app.dataDir).some((f) => readFileSync(f).includes(TITLE_WORD))).toBe(true);
    await policy(workspaceId, 7, 'recording');
    const types = async () =>
      (await app.scrivo.adapters.events.readStream(recordingStream('r-old'))).map((e) => e.type);
    await waitUntil('the recording is erased', async () => (await types()).includes('RecordingErased'));
    expectStatus(await ann.client.api.recordings.get({ params: { id: 'r-old' } }), 404);
    // Through the bin, as a deletion by hand: restorable for the restore period, then erased by the system.
    const history = await app.scrivo.adapters.events.readStream(recordingStream('r-old'));
    expect(history.map((e) => e.type).filter((t) => t.startsWith('Recording'))).toEqual([
      'RecordingCreated',
      'RecordingUploadCompleted',
      'RecordingDeleted',
      'RecordingMediaPurged',
      'RecordingErased',
    ]);
    expect(history.find((e) => e.type === 'RecordingDeleted')?.metadata.actor).toEqual({
      kind: 'system',
      id: 'retention',
    });
    const left = () =>
      filesUnder(app.dataDir).filter((f) => existsSync(f) && readFileSync(f).includes(TITLE_WORD));
    await waitUntil('no file of the data folder holds its title', async () => left().length === 0).catch(
      () => undefined,
    );
    expect(left().map((f) => f.slice(app.dataDir.length + 1))).toEqual([]);
  });

  it('removes only the media when that is the policy: the recording and its page stay, its media answers 410', async () => {
    const workspaceId = await workspaceOf(ann, 'Media kept a week');
    await given(app).recording('r-media', uploadedDaysAgo('r-media', annId, workspaceId, 'Interview', 10));
    await policy(workspaceId, 7, 'media');
    await waitUntil('the media is retired', async () => {
      const page = bodyOf(await ann.client.api.recordings.get({ params: { id: 'r-media' } }), 200);
      return typeof page.mediaRetiredAt === 'string';
    });
    const page = bodyOf(await ann.client.api.recordings.get({ params: { id: 'r-media' } }), 200);
    expect(page.title).toBe('Interview');
    expect(page.removal).toBeNull();
    const media = await ann.client.api.recordings.media({ params: { id: 'r-media' } });
    expectStatus(media, 410);
    expect(media.body.message).toMatch(/retention policy; the transcript is kept/);
  });
});
