import type { ChildProcess } from 'node:child_process';

/**
 * Ends a service a test started (SIGTERM) and resolves once it has exited, so what it held (its port, the
 * memory of its model) is free before the next one starts. A child that has already exited resolves at once,
 * whether it ended by itself or by a signal (killed for memory): its `exit` event is gone and would never come.
 */
export const stopChildProcess = (child: ChildProcess): Promise<void> =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
