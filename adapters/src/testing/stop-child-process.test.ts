import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { stopChildProcess } from './stop-child-process';

const idleChild = (): ChildProcess => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);

describe('stopping a service a test started', () => {
  it('ends a running child and resolves once it has exited', async () => {
    const child = idleChild();
    await stopChildProcess(child);
    expect(child.signalCode).toBe('SIGTERM');
  });

  it('resolves at once for a child that a signal already ended', async () => {
    const child = idleChild();
    child.kill('SIGKILL');
    await once(child, 'exit');
    await expect(stopChildProcess(child)).resolves.toBeUndefined();
  });

  it('resolves at once for a child that already exited by itself', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await once(child, 'exit');
    await expect(stopChildProcess(child)).resolves.toBeUndefined();
  });
});
