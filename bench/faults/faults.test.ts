// The short version of the fault run (bench/faults/run.ts) in `npm test`: the embedded stack as `npm start` runs
// it, 20 users for a minute, one kill -9 of each process kind the supervisor keeps, and the same checks. It runs
// the real speech worker and language model, so it lands in the one-at-a-time engines lane (vitest.config.ts reads
// `startEmbeddedStack` as driving an engine).
import { describe, expect, it } from 'vitest';
import { languageModelInstalled } from '@scrivo/adapters/testing/language-model-process';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { ensureServerBuild } from '../../api/test/support/api-process';
import { canMountTmpfs } from '../../api/test/support/small-disk';
import { startEmbeddedStack } from './embedded-stack';
import { runFaults } from './fault-run';
import { FULL_DISK } from './full-disk';

const ready = speechWorkerInstalled() && languageModelInstalled();
// The data folder on a real small disk where one can be mounted (root), so the run can fill it.
const diskMb = canMountTmpfs() ? 256 : undefined;
const kinds = ['job worker', 'speech worker', 'language model', 'api', ...(diskMb ? [FULL_DISK] : [])];

describe.skipIf(!ready)('faults under traffic (short)', () => {
  it('survives a kill -9 of the job worker, speech worker, language model and API, and a full disk, under 20 users', async () => {
    ensureServerBuild();
    const lines: string[] = [];
    const report = await runFaults({
      users: 20,
      trafficMs: 60_000,
      uploadEveryMs: 120_000,
      kinds,
      log: (line) => lines.push(line),
      drainMs: 120_000,
      busyWaitMs: 10_000,
      start: (say) => startEmbeddedStack({}, { diskMb }, say),
    });
    const failed = report.checks.filter((c) => !c.ok);
    expect(failed, [...lines, ...report.checks.map((c) => `${c.name}: ${c.detail}`)].join('\n')).toEqual([]);
    expect(report.kills.map((k) => k.kind)).toEqual(['job worker', 'speech worker', 'language model', 'api']);
    expect(report.diskFaults).toHaveLength(diskMb ? 1 : 0);
  }, 480_000);
});
