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
  /** From the kill until the projecting API's /api/health has every projection caught up again. */
  readonly caughtUpMs: number | null;
}

export type Log = (line: string) => void;

const projectionsCaughtUp = async (stack: FaultStack): Promise<boolean> => {
  const { body } = await stack.health();
  return body !== null && body.projections.every((p) => p.behind === 0 && p.running);
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

/** Waits until every projection has applied every event; the milliseconds it took, or null after `timeoutMs`. */
export const waitForCatchUp = async (stack: FaultStack, timeoutMs: number): Promise<number | null> => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await projectionsCaughtUp(stack)) return Date.now() - started;
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
  log(`${killedAt} kill -9 ${kind} (pid ${pid})`);
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
  const caughtUp = await waitForCatchUp(stack, 120_000);
  const caughtUpMs = caughtUp === null ? null : Date.now() - killedMs;
  log(
    `${new Date().toISOString()} read models ${caughtUpMs === null ? `NOT caught up within 120 s of the restart: ${await lagging(stack)}` : `caught up ${caughtUpMs} ms after the kill`}`,
  );
  return { kind, pid, killedAt, restartedAt, newPid, caughtUpMs };
};
