import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import { SqliteReadModelStore } from '@scrivo/adapters/read-models/sqlite-read-model-store';
import { reactorCheckpointName, type RecordedEvent } from '@scrivo/domain';
import { jobStream } from '@scrivo/domain/jobs';
import { recordingStream, usagePeriod, usageStream } from '@scrivo/domain/recordings';
import { type ApiProcess, ensureServerBuild, signUpOver, startApiProcess } from '../support/api-process';
import { TestClient } from '../support/http-client';
import { JFK_PATH } from './support/stuck-upload';
import { waitUntil } from '../support/wait-until';
import { expectStatus } from '../support/expect-status';

const JFK = readFileSync(JFK_PATH);
const USERS_CLI = join(import.meta.dirname, '../../src/accounts/cli/users.ts');
/** jfk.wav is 11 s long: the minutes one transcription of it reserves. */
const JFK_MINUTES = 0.2;
const REACTORS = [
  'transcription-jobs',
  'dead-jobs',
  'minutes-release',
  'media-erasure',
  'piece-audio-erasure',
  'webhook-deliveries',
  'default-folder',
  'language-jobs',
  'auto-summary',
  'account-erasure',
  'live-recordings',
  'data-export-jobs',
  'billing-emails',
  'minutes-grants',
  'suspended-sessions',
  'workspace-invitation-emails',
  'workspace-key-erasure',
];

const baseEnv = (dataDir: string) => ({
  SCRIVO_DATA_DIR: dataDir,
  // No job worker: a job stays queued, so what the reactors did is all there is to see.
  SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
  SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
  SCRIVO_RESTORE_GRACE_SECONDS: '1',
  SCRIVO_MEDIA_PURGE_INTERVAL_MS: '300',
  LOG_LEVEL: 'warn',
});

/** The operator's users command line: another process on the same data folder, as an operator runs it. */
const usersCli = (dataDir: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', USERS_CLI, ...args], {
    env: { ...process.env, ...baseEnv(dataDir), NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });

/** The session of a client, carried over to the restarted API (another port). */
const sameUserOn = (url: string, client: TestClient) => {
  const moved = new TestClient(url);
  for (const name of ['scrivo_session', 'scrivo_csrf']) {
    const value = client.cookie(name);
    if (value) moved.setCookie(name, value);
  }
  return moved;
};

const upload = async (client: TestClient): Promise<string> => {
  const form = new FormData();
  form.set('file', new Blob([JFK]), 'jfk.wav');
  const created = await client.api.recordings.create({ body: form });
  expectStatus(created, 201);
  return created.body.id as string;
};

/** What the event store holds once the API is stopped (the embedded store is a file in the data folder). */
const storedEvents = async (dataDir: string, streamId: string): Promise<RecordedEvent[]> => {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
  try {
    return await store.readStream(streamId);
  } finally {
    await store.close();
  }
};

interface Crashed {
  readonly dataDir: string;
  readonly client: TestClient;
  readonly userId: string;
  readonly recordingId: string;
}

/**
 * The reactors (api/src/recordings/reactors) do the cross-stream work: enqueue a requested transcription, give
 * back the minutes of a cancelled one, erase the media of a recording deleted for good. The API process kills
 * itself (SIGKILL) right after a reaction and before its checkpoint moves, then restarts: the reaction is
 * repeated, and must change nothing: one job, minutes charged and given back once, media erased once.
 */
describe('the API killed between a reaction and its checkpoint', () => {
  const dirs: string[] = [];
  let api: ApiProcess | null = null;
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'scrivo-reactor-crash-'));
    dirs.push(dir);
    return dir;
  };
  /** Runs `act` on an API armed to die after `reactor`'s next reaction; resolves once it has died. */
  const crashAfter = async (
    reactor: string,
    act: (client: TestClient, dataDir: string) => Promise<string>,
  ): Promise<Crashed> => {
    const dataDir = freshDir();
    const armed = await startApiProcess({ ...baseEnv(dataDir), SCRIVO_TEST_CRASH_AT: `reacted:${reactor}` });
    api = armed;
    const client = await signUpOver(armed.url, dataDir, `reactor-${reactor}@example.com`);
    const userId = ((await client.api.accounts.currentUser()).body as { id: string }).id;
    let recordingId = '';
    await act(client, dataDir)
      .then((id) => {
        recordingId = id;
      })
      .catch(() => undefined);
    expect(await armed.exited, `${reactor}:\n${armed.log()}`).toBe('SIGKILL');
    api = null;
    return { dataDir, client, userId, recordingId };
  };

  beforeAll(() => ensureServerBuild(), 180_000);
  afterAll(async () => {
    await api?.stop('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('enqueues a requested transcription once', async () => {
    const crashed = await crashAfter('transcription-jobs', upload);
    const [request] = await findRequests(crashed.dataDir, crashed.userId);
    expect(request, 'the upload was requested before the crash').toBeDefined();

    api = await startApiProcess(baseEnv(crashed.dataDir));
    const user = sameUserOn(api.url, crashed.client);
    const recordings = (await user.api.recordings.list()).body as { items: { status: string }[] };
    expect(recordings.items.map((r) => r.status)).toEqual(['queued']);
    expect(((await user.api.recordings.usage()).body as { minutesUsed: number }).minutesUsed).toBe(
      JFK_MINUTES,
    );
    await api.stop();
    api = null;

    const jobEvents = await storedEvents(crashed.dataDir, jobStream(request!.jobId));
    expect(jobEvents.map((e) => e.type)).toEqual(['JobRequested']);
  }, 120_000);

  it('gives back the minutes of a cancelled transcription once', async () => {
    const crashed = await crashAfter('minutes-release', async (client) => {
      const id = await upload(client);
      await client.api.recordings.cancel({ params: { id } });
      return id;
    });
    api = await startApiProcess(baseEnv(crashed.dataDir));
    const user = sameUserOn(api.url, crashed.client);
    const recordings = (await user.api.recordings.list()).body as {
      items: { id: string; status: string }[];
    };
    expect(recordings.items.map((r) => r.status)).toEqual(['cancelled']);
    expect(((await user.api.recordings.usage()).body as { minutesUsed: number }).minutesUsed).toBe(0);
    const recordingId = recordings.items[0]!.id;
    await api.stop();
    api = null;

    const [request] = await findRequests(crashed.dataDir, crashed.userId);
    const usage = await storedEvents(crashed.dataDir, usageStream(crashed.userId, request!.period));
    expect(usage.map((e) => e.type)).toEqual(['MinutesReserved', 'MinutesReleased']);
    const jobEvents = await storedEvents(crashed.dataDir, jobStream(request!.jobId));
    expect(jobEvents.map((e) => e.type)).toEqual(['JobRequested', 'JobCancelled']);
    expect((await storedEvents(crashed.dataDir, recordingStream(recordingId))).at(-1)?.type).toBe(
      'TranscriptionCancelled',
    );
  }, 120_000);

  it('files a new upload in the default folder once', async () => {
    let folderId = '';
    const crashed = await crashAfter('default-folder', async (client) => {
      const folder = await client.api.library.createFolder({ body: { name: 'Inbox' } });
      expectStatus(folder, 201);
      folderId = folder.body.id as string;
      expect((await client.api.library.setDefaultFolder({ body: { folderId } })).status).toBe(200);
      return upload(client);
    });
    api = await startApiProcess(baseEnv(crashed.dataDir));
    const user = sameUserOn(api.url, crashed.client);
    await waitUntil('the restarted API lists the upload in the default folder', async () => {
      const listed = (await user.api.recordings.list({ query: { folder: folderId } })).body as {
        total: number;
      };
      return listed.total === 1;
    });
    await api.stop();
    api = null;
    const library = await storedEvents(crashed.dataDir, `library-${crashed.userId}`);
    expect(library.map((e) => e.type)).toEqual(['FolderCreated', 'DefaultFolderChanged', 'RecordingsFiled']);
  }, 120_000);

  it('erases the media of a recording deleted for good once', async () => {
    const crashed = await crashAfter('media-erasure', async (client) => {
      const id = await upload(client);
      // The grace period is 1 s; the purge timer then decides the erasure, the reactor erases: the crash.
      await client.api.recordings.remove({ params: { id } });
      return id;
    });
    const [request] = await findRequests(crashed.dataDir, crashed.userId);
    const recordingId = request!.recordingId;
    api = await startApiProcess(baseEnv(crashed.dataDir));
    const user = sameUserOn(api.url, crashed.client);
    await waitUntil('the restarted API reports the media gone', async () => {
      const media = await user.api.recordings.media({ params: { id: recordingId } });
      return media.status === 404;
    });
    const restore = await user.api.recordings.restore({ params: { id: recordingId } });
    expectStatus(restore, 409);
    await api.stop();
    api = null;

    const events = await storedEvents(crashed.dataDir, recordingStream(recordingId));
    expect(events.filter((e) => e.type === 'RecordingMediaPurged')).toHaveLength(1);
    // The deletion cancelled the queued transcription, and its minutes came back.
    expect(events.map((e) => e.type)).toContain('TranscriptionCancelled');
    const usage = await storedEvents(crashed.dataDir, usageStream(crashed.userId, request!.period));
    expect(usage.map((e) => e.type)).toEqual(['MinutesReserved', 'MinutesReleased']);
    expect(readFileExists(join(crashed.dataDir, 'blobs', 'recordings', recordingId, 'original'))).toBe(false);
  }, 120_000);

  it("ends a suspended user's sessions, also after a crash, and none begun after the suspension", async () => {
    const email = 'reactor-suspended-sessions@example.com';
    const signIn = async (url: string) => {
      const client = new TestClient(url);
      const answer = await client.api.accounts.login({ body: { email, password: 'secret-pass' } });
      expectStatus(answer, 200);
      return client;
    };
    const crashed = await crashAfter('suspended-sessions', async (_client, dataDir) => {
      const suspend = usersCli(dataDir, 'suspend', email, '--reason', 'Chargeback');
      expect(suspend.status, suspend.stderr).toBe(0);
      return '';
    });
    // The restart repeats the reaction: the ended session stays ended, and nothing else happens.
    api = await startApiProcess(baseEnv(crashed.dataDir));
    expect(usersCli(crashed.dataDir, 'reactivate', email).status).toBe(0);
    await caughtUp(api.url, await headPosition(crashed.dataDir));
    const signedInBefore = sameUserOn(api.url, crashed.client);
    expect((await signedInBefore.api.accounts.currentUser()).status, 'ended, not only refused').toBe(401);
    const signedInBetween = await signIn(api.url);
    expect((await signedInBetween.api.accounts.currentUser()).status).toBe(200);
    await api.stop();
    api = null;

    // Suspended while no API runs: the suspension is stored and no process has ended the sessions, as a crash right
    // after the append leaves it. The operator even reactivates before the API is back; the session still ends.
    expect(usersCli(crashed.dataDir, 'suspend', email, '--reason', 'Second report').status).toBe(0);
    expect(usersCli(crashed.dataDir, 'reactivate', email).status).toBe(0);
    api = await startApiProcess(baseEnv(crashed.dataDir));
    await caughtUp(api.url, await headPosition(crashed.dataDir));
    expect((await sameUserOn(api.url, signedInBetween).api.accounts.currentUser()).status).toBe(401);
    const signedInAfter = await signIn(api.url);
    await api.stop();
    api = null;

    // The whole history again, from the first suspension: a session begun after the suspensions stays.
    const checkpoints = new SqliteReadModelStore({ path: join(crashed.dataDir, 'read-models.db') });
    await checkpoints.reset(reactorCheckpointName('suspended-sessions'), []);
    await checkpoints.close();
    api = await startApiProcess(baseEnv(crashed.dataDir));
    await caughtUp(api.url, await headPosition(crashed.dataDir));
    expect((await sameUserOn(api.url, signedInAfter).api.accounts.currentUser()).status).toBe(200);
    await api.stop();
    api = null;
  }, 180_000);

  it("counts an operator's minutes grant once", async () => {
    let allowedBefore = 0;
    const crashed = await crashAfter('minutes-grants', async (client, dataDir) => {
      allowedBefore = ((await client.api.recordings.usage()).body as { minutesAllowed: number })
        .minutesAllowed;
      // The operator's command line, another process on the same data folder: the API reacts to its record.
      const grant = usersCli(dataDir, 'grant-minutes', 'reactor-minutes-grants@example.com', '45');
      expect(grant.status, grant.stderr).toBe(0);
      return '';
    });
    api = await startApiProcess(baseEnv(crashed.dataDir));
    const user = sameUserOn(api.url, crashed.client);
    expect(((await user.api.recordings.usage()).body as { minutesAllowed: number }).minutesAllowed).toBe(
      allowedBefore + 45,
    );
    await api.stop();
    api = null;
    const usage = await storedEvents(
      crashed.dataDir,
      usageStream(crashed.userId, usagePeriod(new Date()).id),
    );
    expect(usage.map((e) => e.type)).toEqual(['MinutesGranted']);
  }, 120_000);

  it('replaying every reaction from the first event appends nothing to recordings, jobs or usage', async () => {
    // The folder of the last scenario holds an upload, a delete with its cancel, a release and an erasure.
    const dataDir = dirs.at(-1)!;
    const headBefore = await headPosition(dataDir);
    expect(headBefore).toBeGreaterThan(0);
    const checkpoints = new SqliteReadModelStore({ path: join(dataDir, 'read-models.db') });
    for (const reactor of REACTORS) await checkpoints.reset(reactorCheckpointName(reactor), []);
    await checkpoints.close();

    api = await startApiProcess(baseEnv(dataDir));
    await waitUntil('every reactor has replayed the whole store', async () => {
      const health = (await fetch(`${api!.url}/api/health`).then((r) => r.json())) as {
        projections: { name: string; checkpoint: number }[];
      };
      const reactors = health.projections.filter((p) => p.name.startsWith('reactor:'));
      return reactors.length === REACTORS.length && reactors.every((r) => r.checkpoint >= headBefore);
    });
    await api.stop();
    api = null;
    const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
    const appended = await store.readAll({ after: headBefore });
    await store.close();
    // (Each start on a new port records the chat widget's allowed origins: not a reaction.)
    const reactions = appended.filter((e) =>
      /^(recording|job|usage|library|webhook-delivery|summary|translation|live)-/.test(e.streamId),
    );
    expect(reactions.map((e) => `${e.streamId} ${e.type}`)).toEqual([]);
  }, 120_000);
});

const readFileExists = (path: string) => {
  try {
    readFileSync(path);
    return true;
  } catch {
    return false;
  }
};

/** Resolves once every projection and reactor of the API has handled the store up to `head`. */
const caughtUp = (url: string, head: number) =>
  waitUntil('every projection and reactor has caught up', async () => {
    const health = (await fetch(`${url}/api/health`).then((r) => r.json())) as {
      projections: { name: string; checkpoint: number }[];
    };
    return health.projections.every((p) => p.checkpoint >= head);
  });

const headPosition = async (dataDir: string) => {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
  try {
    return await store.headPosition();
  } finally {
    await store.close();
  }
};

/** The transcription requests of a user's recordings, with the job and the usage period they reserved in. */
const findRequests = async (dataDir: string, userId: string) => {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
  try {
    const all = await store.readAll();
    const owned = new Set(
      all
        .filter((e) => e.type === 'RecordingCreated' && (e.data as { ownerId: string }).ownerId === userId)
        .map((e) => (e.data as { recordingId: string }).recordingId),
    );
    return all
      .filter((e) => e.type === 'TranscriptionRequested')
      .map((e) => e.data as { recordingId: string; jobId: string; requestedAt: string })
      .filter((d) => owned.has(d.recordingId))
      .map((d) => ({ ...d, period: usagePeriod(new Date(d.requestedAt)).id }));
  } finally {
    await store.close();
  }
};
