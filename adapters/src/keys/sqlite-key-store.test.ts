import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeKeyStoreConformance } from './key-store.conformance';
import { SqliteKeyStore } from './sqlite-key-store';

const dir = mkdtempSync(join(tmpdir(), 'scrivo-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Two connections to one file: two processes on one machine.
describeKeyStoreConformance('SQLite', async () => new SqliteKeyStore({ path: join(dir, 'keys.db') }));

describe('SqliteKeyStore erasure on disk', () => {
  it('leaves no copy of an erased key in the database file or its journal', async () => {
    const path = join(dir, 'shred.db');
    const store = new SqliteKeyStore({ path });
    const keys = await Promise.all(Array.from({ length: 20 }, (_, i) => store.keyFor(`person-${i}`)));
    const erased = Buffer.from(keys[7]!);
    const kept = Buffer.from(keys[8]!);
    await store.erase('person-7');
    const files = readdirSync(dir).filter((f) => f.startsWith('shred.db'));
    const bytes = Buffer.concat(files.map((f) => readFileSync(join(dir, f))));
    expect(bytes.includes(erased)).toBe(false);
    expect(bytes.includes(kept)).toBe(true);
    await store.close();
  });
});
