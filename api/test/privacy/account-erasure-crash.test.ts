import { emailStreamNamesFor } from '../../src/accounts/support/email-keyer';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import { AccountStreams } from '@scrivo/domain/accounts';
import { recordingStream } from '@scrivo/domain/recordings';
import { webhooksStream } from '@scrivo/domain/webhooks';
import { JFK_PATH } from '../recordings/support/stuck-upload';
import { type ApiProcess, ensureServerBuild, signUpOver, startApiProcess } from '../support/api-process';
import { TestClient } from '../support/http-client';
import { waitUntil } from '../support/wait-until';
import { expectStatus } from '../support/expect-status';

const EMAIL = 'erase-me@example.com';

const baseEnv = (dataDir: string) => ({
  SCRIVO_DATA_DIR: dataDir,
  SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
  SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
  LOG_LEVEL: 'warn',
  // Webhooks are a paid feature.
  SCRIVO_DEFAULT_PLAN: 'business_pro',
});

const typesOf = async (dataDir: string, streamId: string): Promise<string[]> => {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
  try {
    return (await store.readStream(streamId)).map((e) => e.type);
  } finally {
    await store.close();
  }
};

/**
 * The account-erasure reactor does the whole erasure; the API kills itself (SIGKILL) right after its reaction and
 * before its checkpoint moves, then restarts: the reaction is repeated from the start and must change nothing.
 */
describe('the API killed between the account erasure and its checkpoint', () => {
  let api: ApiProcess | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-erasure-crash-'));
  beforeAll(() => ensureServerBuild(), 180_000);
  afterAll(async () => {
    await api?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('erases once: one erasure of the recording, one release of the address, one AccountErased', async () => {
    api = await startApiProcess({ ...baseEnv(dataDir), SCRIVO_TEST_CRASH_AT: 'reacted:account-erasure' });
    const client = await signUpOver(api.url, dataDir, EMAIL);
    const userId = ((await client.api.accounts.currentUser()).body as { id: string }).id;
    const form = new FormData();
    form.set('file', new Blob([readFileSync(JFK_PATH)]), 'jfk.wav');
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    const recordingId = created.body.id as string;
    const hook = await client.api.webhooks.create({
      body: {
        url: 'https://receiver.example.com/hook',
        events: ['transcription.completed'],
      },
    });
    expectStatus(hook, 201);
    // The answer waits for the reactions, so the crash cuts it off.
    await client.api.privacy.deleteAccount({ body: { password: 'secret-pass' } }).catch(() => undefined);
    expect(await api.exited, api.log()).toBe('SIGKILL');

    api = await startApiProcess(baseEnv(dataDir));
    const blob = join(dataDir, 'blobs', 'recordings', recordingId, 'original');
    await waitUntil('the media is erased', async () => !existsSync(blob));
    await waitUntil('the account-erasure reactor passed the request again', async () => {
      const health = (await fetch(`${api!.url}/api/health`).then((r) => r.json())) as {
        projections: { name: string; checkpoint: number }[];
      };
      const reactor = health.projections.find((p) => p.name === 'reactor:account-erasure');
      const head = Math.max(...health.projections.map((p) => p.checkpoint));
      return reactor !== undefined && reactor.checkpoint >= head;
    });
    const stranger = new TestClient(api.url);
    expect(
      (await stranger.api.accounts.login({ body: { email: EMAIL, password: 'secret-pass' } })).status,
    ).toBe(401);
    await api.stop();
    api = null;

    const account = await typesOf(dataDir, AccountStreams.user(userId));
    expect(account.filter((t) => t.startsWith('Account'))).toEqual([
      'AccountErasureRequested',
      'AccountErased',
    ]);
    expect(
      await typesOf(dataDir, emailStreamNamesFor({ SCRIVO_DATA_DIR: dataDir }).userEmail(EMAIL)),
    ).toEqual(['EmailClaimed', 'EmailClaimReleased']);
    expect(await typesOf(dataDir, webhooksStream(userId))).toEqual(['WebhookCreated', 'WebhookDeleted']);
    const recording = await typesOf(dataDir, recordingStream(recordingId));
    expect(recording.filter((t) => t === 'RecordingErased' || t === 'RecordingMediaPurged')).toEqual([
      'RecordingMediaPurged',
      'RecordingErased',
    ]);
  }, 180_000);
});
