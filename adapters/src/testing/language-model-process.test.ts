import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageModelInstalled, startLanguageModel } from './language-model-process';

/** A process that has ended, or ended and waits to be reaped (a zombie), is not running. */
const running = (pid: number) => {
  const stat = `/proc/${pid}/stat`;
  return existsSync(stat) && readFileSync(stat, 'utf8').split(') ')[1]?.[0] !== 'Z';
};

describe.skipIf(!languageModelInstalled())('the language model the files of a test process share', () => {
  it('is loaded once: a second start finds the same service, and a file letting go does not end it', async () => {
    const first = await startLanguageModel();
    await first.stop();
    const second = await startLanguageModel();
    expect(second.process.pid).toBe(first.process.pid);
    expect((await fetch(`${second.url}/health`)).ok).toBe(true);
  }, 180_000);

  it('ends with the test process that started it, even one killed by SIGKILL', async () => {
    const holder = spawn(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        'tsx',
        join(import.meta.dirname, 'fixtures/hold-language-model.ts'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: holder.stdout! });
    // A holder that ends before it says the pid fails the test at once, not at its timeout.
    const [pid] = await new Promise<number[]>((done, failed) => {
      lines.once('line', (line) => done([Number(line)]));
      holder.once('exit', (code) =>
        failed(new Error(`the holding process ended first (exit ${String(code)})`)),
      );
    });
    lines.close();
    expect(running(pid!)).toBe(true);
    holder.kill('SIGKILL');
    const deadline = Date.now() + 30_000;
    while (running(pid!) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(running(pid!), 'the service outlived the test process that held it').toBe(false);
  }, 180_000);
});
