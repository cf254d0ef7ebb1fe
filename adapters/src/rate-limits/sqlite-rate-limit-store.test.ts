import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { describeRateLimitStoreConformance } from './rate-limit-store.conformance';
import { sqliteRateLimitStore } from './sqlite-rate-limit-store';

const dir = mkdtempSync(join(tmpdir(), 'scrivo-rate-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Two connections to one file: two processes on one machine.
describeRateLimitStoreConformance('SQLite', async () =>
  sqliteRateLimitStore({ path: join(dir, 'rate-limits.db') }),
);
