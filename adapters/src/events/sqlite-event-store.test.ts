import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEventStoreConformance } from './event-store.conformance';
import { SqliteEventStore } from './sqlite-event-store';

const dir = mkdtempSync(join(tmpdir(), 'scrivo-events-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeEventStoreConformance(
  'embedded SQLite (file, WAL)',
  async () => new SqliteEventStore({ path: join(dir, 'conformance.db') }),
);
describeEventStoreConformance(
  'embedded SQLite (memory)',
  async () => new SqliteEventStore({ path: ':memory:' }),
);

describe('embedded SQLite event store durability', () => {
  it('keeps every acknowledged event when the writing process is killed with SIGKILL', async () => {
    const path = join(dir, 'crash.db');
    const child = fork(join(import.meta.dirname, '../../test/fixtures/append-until-killed.mts'), [path], {
      execArgv: ['--conditions=source', '--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    // The child prints the revision of each append after it was acknowledged.
    let acknowledged = -1;
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n'))
        if (line.trim()) acknowledged = Math.max(acknowledged, Number(line));
    });
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (acknowledged >= 300) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const lastAcknowledged = acknowledged;

    const store = new SqliteEventStore({ path });
    const events = await store.readStream('crash-stream');
    // Every acknowledged event is there, contiguous from revision 0; at most the in-flight one beyond it.
    expect(events.length).toBeGreaterThanOrEqual(lastAcknowledged + 1);
    expect(events.map((e) => e.streamRevision)).toEqual(events.map((_, i) => i));
    expect(events.every((e) => (e.data as { n: number }).n === e.streamRevision)).toBe(true);
    await store.close();
  });
});
