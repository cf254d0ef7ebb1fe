import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SPEECH_WORKER_PYTHON } from '@scrivo/adapters/testing/speech-worker-process';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Wall seconds of the bare faster-whisper call on `file` (`worker/scripts/bench.py --bare`: model loaded once,
 * then `runs` transcriptions; the last one is reported, warm when runs > 1).
 */
export const bareEngineSeconds = (file: string, options: { threads: string; runs: number }): number => {
  const out = execFileSync(
    SPEECH_WORKER_PYTHON,
    [join(ROOT, 'worker/scripts/bench.py'), file, '--runs', String(options.runs), '--bare'],
    {
      cwd: join(ROOT, 'worker'),
      env: {
        ...process.env,
        SCRIVO_WHISPER_THREADS: options.threads,
        SCRIVO_DATA_DIR: process.env.SCRIVO_SPEECH_TEST_DATA ?? join(tmpdir(), 'scrivo-speech-test-data'),
      },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const runs = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { run?: number; wallSeconds?: number });
  return runs.find((r) => r.run === options.runs)!.wallSeconds!;
};
