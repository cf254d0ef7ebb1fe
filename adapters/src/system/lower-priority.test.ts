import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lowerPriority } from './lower-priority';

const sleeper = () => spawn('sleep', ['5'], { stdio: 'ignore' });

describe('batch work runs below the API', () => {
  it('lowers a process to the level asked', () => {
    const child = sleeper();
    try {
      const level = Math.max(getPriority(0), 12);
      expect(lowerPriority(12, child.pid!)).toBe(level);
      expect(getPriority(child.pid!)).toBe(level);
    } finally {
      child.kill();
    }
  });

  it('never raises a process that already runs lower (only root could)', () => {
    const child = sleeper();
    try {
      lowerPriority(15, child.pid!);
      expect(lowerPriority(5, child.pid!)).toBe(Math.max(getPriority(0), 15));
      expect(getPriority(child.pid!)).toBe(Math.max(getPriority(0), 15));
    } finally {
      child.kill();
    }
  });

  it.runIf(process.platform === 'linux')(
    'sets every thread of a process, not only its main one (Linux keeps a niceness per thread)',
    async () => {
      // Node starts its own threads (V8's platform workers) before any of our code runs.
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'ignore' });
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const level = Math.max(getPriority(0), 13);
        lowerPriority(13, child.pid!);
        const threads = readdirSync(`/proc/${child.pid}/task`).map(Number);
        expect(threads.length).toBeGreaterThan(1);
        expect(threads.map((thread) => getPriority(thread))).toEqual(threads.map(() => level));
      } finally {
        child.kill();
      }
    },
  );

  it('leaves a process that is gone as it is, without failing the work', async () => {
    const child = sleeper();
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await gone;
    expect(() => lowerPriority(10, child.pid!)).not.toThrow();
  });
});
