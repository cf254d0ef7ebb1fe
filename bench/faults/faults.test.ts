// The short version of the fault run (bench/faults/run.ts) in `npm test`: the embedded stack as `npm start` runs
// it, 20 users for a minute, one kill -9 of each process kind the supervisor keeps, and the same checks. It runs
// the real speech worker and language model, so it lands in the one-at-a-time engines lane (vitest.config.ts reads
// `startEmbeddedStack` as driving an engine).
import { describe, expect, it } from 'vitest';
import { languageModelInstalled } from '@scrivo/adapters/testing/language-model-process';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { ensureServerBuild } from '../../api/test/support/api-process';
import { startEmbeddedStack } from './embedded-stack';
import { runFaults } from './fault-run';

const ready = speechWorkerInstalled() && languageModelInstalled();

describe.skipIf(!ready)('faults under traffic (short)', () => {
  it('survives a kill -9 of the job worker, speech worker, language model and API under 20 users', async () => {
    ensureServerBuild();
    const lines: string[] = [];
    const report = await runFaults({
      users: 20,
      trafficMs: 60_000,
      uploadEveryMs: 120_000,
      kinds: ['job worker', 'speech worker', 'language model', 'api'],
      log: (line) => lines.push(line),
      drainMs: 120_000,
      busyWaitMs: 10_000,
      start: (say) => startEmbeddedStack({}, {}, say),
    });
    const failed = report.checks.filter((c) => !c.ok);
    expect(failed, [...lines, ...report.checks.map((c) => `${c.name}: ${c.detail}`)].join('\n')).toEqual([]);
    expect(report.kills.map((k) => k.kind)).toEqual(['job worker', 'speech worker', 'language model', 'api']);
  }, 420_000);
});
