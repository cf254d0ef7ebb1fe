// kill -9 of one process the supervisor keeps, and the wait for the supervisor to start it again, each logged
// with its instant so the run's log shows every fault.
import type { FaultStack } from './fault-stack';
import { sleep } from './traffic';

export interface Kill {
  readonly kind: string;
  readonly pid: number;
  readonly killedAt: string;
  /** When the supervisor's new process was there (a new pid), null when it never came back. */
  readonly restartedAt: string | null;
  readonly newPid: number | null;
  /**
   * From the kill until the projecting API's /api/health shows every projection running and holding every event
   * written before the restart.
   */
  readonly caughtUpMs: number | null;
}

export type Log = (line: string) => void;

/**
 * Whether every projection runs and has applied every event up to `position`, or, without one, every event there
 * is. Under steady traffic new events keep coming, so "nothing behind" may never be seen at an instant on a busy
 * machine; after a fault, what matters is that the read models get back to what was written before it.
 */
const projectionsReached = async (stack: FaultStack, position?: number): Promise<boolean> => {
  const { body } = await stack.health();
  return (
    body !== null &&
    body.projections.every(
      (p) => p.running && (position === undefined ? p.behind === 0 : p.checkpoint >= position),
    )
  );
};

/** The newest event's position as the projecting API's health sees it (undefined while it does not answer). */
const headPosition = async (stack: FaultStack): Promise<number | undefined> => {
  const { body } = await stack.health();
  if (body === null || body.projections.length === 0) return undefined;
  return Math.max(...body.projections.map((p) => p.checkpoint + p.behind));
};

/** The projections that are behind or stopped, as /api/health says. */
export const lagging = async (stack: FaultStack): Promise<string> => {
  const { status, body } = await stack.health();
  if (body === null) return `health answered ${status}`;
  return body.projections
    .filter((p) => p.behind !== 0 || !p.running)
    .map(
      (p) => `${p.name} (behind ${p.behind}${p.running ? '' : ', stopped'}${p.error ? `: ${p.error}` : ''})`,
    )
    .join(', ');
};

/**
 * Waits until every projection has applied every event (or every event up to `position`); the milliseconds it
 * took, or null after `timeoutMs`.
 */
export const waitForCatchUp = async (
  stack: FaultStack,
  timeoutMs: number,
  position?: number,
): Promise<number | null> => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await projectionsReached(stack, position)) return Date.now() - started;
    await sleep(250);
  }
  return null;
};

export const killAndWaitForRestart = async (stack: FaultStack, kind: string, log: Log): Promise<Kill> => {
  let pid = stack.pidOf(kind);
  for (let tries = 0; pid === undefined && tries < 60; tries += 1) {
    await sleep(500);
    pid = stack.pidOf(kind);
  }
  if (pid === undefined) throw new Error(`no ${kind} process to kill`);
  const killedMs = Date.now();
  process.kill(pid, 'SIGKILL');
  const killedAt = new Date(killedMs).toISOString();
  const note = stack.killNote?.(kind);
  log(`${killedAt} kill -9 ${kind} (pid ${pid})${note ? `; ${note}` : ''}`);
  if (stack.restart) {
    // The supervisor's first pause before a restart, for the script that stands in for it.
    await sleep(1000);
    await stack.restart(kind);
  }
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
  log(`${restartedAt} ${kind} started again by the ${stack.restart ? 'run' : 'supervisor'} (pid ${newPid})`);
  // The projecting API itself may be what was killed: its health answers once it is back.
  let head: number | undefined;
  while (head === undefined && Date.now() - killedMs < 120_000) {
    head = await headPosition(stack);
    if (head === undefined) await sleep(250);
  }
  const caughtUp = head === undefined ? null : await waitForCatchUp(stack, 120_000, head);
  const caughtUpMs = caughtUp === null ? null : Date.now() - killedMs;
  log(
    `${new Date().toISOString()} read models ${caughtUpMs === null ? `NOT caught up within 120 s of the restart: ${await lagging(stack)}` : `hold every event written before the restart (position ${head}) ${caughtUpMs} ms after the kill`}`,
  );
  return { kind, pid, killedAt, restartedAt, newPid, caughtUpMs };
};
