// kill -9 of one process the supervisor keeps, and the wait for the supervisor to start it again, each logged
// with its instant so the run's log shows every fault.
import type { EmbeddedStack, ProcessKind } from './embedded-stack';
import { sleep } from './traffic';

export interface Kill {
  readonly kind: ProcessKind;
  readonly pid: number;
  readonly killedAt: string;
  /** When the supervisor's new process was there (a new pid), null when it never came back. */
  readonly restartedAt: string | null;
  readonly newPid: number | null;
  /** For the API: from the kill until /api/health answers with every projection caught up. */
  readonly caughtUpMs: number | null;
}

export type Log = (line: string) => void;

const projectionsCaughtUp = async (stack: EmbeddedStack): Promise<boolean> => {
  const { body } = await stack.health();
  return body !== null && body.projections.every((p) => p.behind === 0 && p.running);
};

/** Waits until every projection has applied every event; the milliseconds it took, or null after `timeoutMs`. */
export const waitForCatchUp = async (stack: EmbeddedStack, timeoutMs: number): Promise<number | null> => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await projectionsCaughtUp(stack)) return Date.now() - started;
    await sleep(250);
  }
  return null;
};

export const killAndWaitForRestart = async (
  stack: EmbeddedStack,
  kind: ProcessKind,
  log: Log,
): Promise<Kill> => {
  let pid = stack.pidOf(kind);
  for (let tries = 0; pid === undefined && tries < 60; tries += 1) {
    await sleep(500);
    pid = stack.pidOf(kind);
  }
  if (pid === undefined) throw new Error(`no ${kind} process to kill`);
  const killedMs = Date.now();
  process.kill(pid, 'SIGKILL');
  const killedAt = new Date(killedMs).toISOString();
  log(`${killedAt} kill -9 ${kind} (pid ${pid})`);
  let newPid: number | undefined;
  while (Date.now() - killedMs < 120_000) {
    newPid = stack.pidOf(kind);
    if (newPid !== undefined && newPid !== pid) break;
    await sleep(100);
  }
  if (newPid === undefined || newPid === pid) {
    log(`${new Date().toISOString()} ${kind} was not started again within 120 s`);
    return { kind, pid, killedAt, restartedAt: null, newPid: null, caughtUpMs: null };
  }
  const restartedAt = new Date().toISOString();
  log(`${restartedAt} ${kind} started again by the supervisor (pid ${newPid})`);
  let caughtUpMs: number | null = null;
  if (kind === 'api') {
    const left = await waitForCatchUp(stack, 120_000);
    caughtUpMs = left === null ? null : Date.now() - killedMs;
    log(
      `${new Date().toISOString()} api: projections ${caughtUpMs === null ? 'NOT caught up within 120 s' : `caught up ${caughtUpMs} ms after the kill`}`,
    );
  }
  return { kind, pid, killedAt, restartedAt, newPid, caughtUpMs };
};
