import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from './blobs/local-blob-store';
import { SqliteEventStore } from './events/sqlite-event-store';
import { SqliteKeyStore } from './keys/sqlite-key-store';
import { OutboxMailer } from './mail/outbox-mailer';
import { sqliteRateLimitStore } from './rate-limits/sqlite-rate-limit-store';
import { SqliteReadModelStore } from './read-models/sqlite-read-model-store';

// A fresh clone has no data folder: each embedded adapter is opened on a path none of whose folders exist yet.
const base = mkdtempSync(join(tmpdir(), 'scrivo-fresh-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const notYetMade = (name: string) => join(base, name, 'not', 'yet', 'made');

describe('every embedded adapter makes the folders it writes to', () => {
  it('the key store', async () => {
    const dir = notYetMade('keys');
    const store = new SqliteKeyStore({ path: join(dir, 'keys.db') });
    expect((await store.keyFor('ada')).byteLength).toBe(32);
    await store.close();
    expect(existsSync(join(dir, 'keys.db'))).toBe(true);
  });

  it('the event store', async () => {
    const dir = notYetMade('events');
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    expect(await store.headPosition()).toBeGreaterThanOrEqual(-1);
    await store.close();
    expect(existsSync(join(dir, 'events.db'))).toBe(true);
  });

  it('the read-model store', async () => {
    const dir = notYetMade('read-models');
    const store = new SqliteReadModelStore({ path: join(dir, 'read-models.db') });
    expect(await store.getCheckpoint('anything')).toBeNull();
    await store.close();
    expect(existsSync(join(dir, 'read-models.db'))).toBe(true);
  });

  it('the rate-limit counters', async () => {
    const dir = notYetMade('rate-limits');
    const store = sqliteRateLimitStore({ path: join(dir, 'rate-limits.db') });
    const rule = { name: 'fresh', max: 1, windowMs: 60_000 };
    expect(await store.hit(rule, '203.0.113.7')).toEqual({ allowed: true });
    await store.close();
    expect(existsSync(join(dir, 'rate-limits.db'))).toBe(true);
  });

  it('the blob store', async () => {
    const dir = notYetMade('blobs');
    const store = new LocalBlobStore({ root: dir });
    await store.put('recordings/a', new TextEncoder().encode('audio'));
    expect((await store.stat('recordings/a'))?.size).toBe(5);
  });

  it('the outbox', async () => {
    const dir = notYetMade('outbox');
    const mailer = new OutboxMailer({ directory: dir, from: 'no-reply@scrivo.test' });
    await mailer.send({ to: 'ada@example.com', subject: 'Your code', text: '123456', html: '<p>123456</p>' });
    expect(existsSync(dir)).toBe(true);
  });
});
