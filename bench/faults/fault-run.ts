// One fault run on the embedded stack: users and their traffic, a kill -9 of each process kind in turn while it
// flows, then the wait for the work to finish and the checks. Shared by the scripted run (run.ts) and its short
// version in `npm test` (faults.test.ts).
import { type Check, allEvents, apiChecks, eventChecks, storeIntegrity } from './checks';
import { removeDataDir } from './embedded-stack';
import type { FaultStack } from './fault-stack';
import { type DiskFault, FULL_DISK, fillDisk, refusedClearly } from './full-disk';
import { type Kill, type Log, killAndWaitForRestart, waitForCatchUp } from './kills';
import { Traffic, sleep } from './traffic';

export interface FaultRunOptions {
  readonly users: number;
  readonly trafficMs: number;
  readonly uploadEveryMs: number;
  readonly kinds: readonly string[];
  /** Starts the install the run drives (the embedded stack, or the production one). */
  readonly start: (log: Log) => Promise<FaultStack>;
  readonly log: Log;
  /** How long a worker's kill waits for a recording being transcribed (default 30 s). */
  readonly busyWaitMs?: number;
  /** How long the accepted uploads and summaries may take to finish once the traffic stops. */
  readonly drainMs?: number;
}

export interface FaultRunReport {
  readonly kills: readonly Kill[];
  readonly diskFaults: readonly DiskFault[];
  readonly checks: readonly Check[];
  readonly dataDir: string;
  readonly ok: boolean;
}

const CATCH_UP_LIMIT_MS = 30_000;

const finished = async (traffic: Traffic): Promise<boolean> => {
  for (const a of traffic.accepted) {
    const answer = await traffic.members[a.userIndex]!.client.api.recordings.get({
      params: { id: a.recordingId },
    });
    if (answer.status !== 200 || !['completed', 'failed', 'cancelled'].includes(answer.body.status))
      return false;
  }
  for (const id of traffic.summaries) {
    const owner = traffic.members[traffic.accepted.find((a) => a.recordingId === id)!.userIndex]!;
    const summary = await owner.client.api.summaries.get({ params: { id } });
    if (summary.status !== 200 || summary.body.status === 'running') return false;
  }
  return true;
};

/** The kind's kill, and for the language model a summary asked for just before, so the kill lands on its job. */
const fault = async (
  stack: FaultStack,
  traffic: Traffic,
  kind: string,
  log: Log,
  busyWaitMs: number,
): Promise<Kill> => {
  if (kind === 'language model' && (await traffic.summarize())) {
    log(`${new Date().toISOString()} summary asked for, to be running when the language model dies`);
    await sleep(3000);
  }
  // A worker killed while idle proves little: its kill waits (up to 30 s) for a recording being transcribed.
  if (kind === 'job worker' || kind === 'speech worker') {
    const until = Date.now() + busyWaitMs;
    let busy = await traffic.transcribing();
    while (!busy && Date.now() < until) {
      await sleep(200);
      busy = await traffic.transcribing();
    }
    if (busy) log(`${new Date().toISOString()} recording ${busy} is being transcribed`);
  }
  return killAndWaitForRestart(stack, kind, log);
};

export const runFaults = async (options: FaultRunOptions): Promise<FaultRunReport> => {
  const { log } = options;
  const stack = await options.start(log);
  log(`${new Date().toISOString()} stack up at ${stack.url}, data in ${stack.dataDir}`);
  const traffic = await Traffic.start(stack.url, stack.dataDir);
  traffic.onServerError = (a) =>
    log(
      `${new Date(a.at).toISOString()} ${a.status}${a.retryAfter === null ? '' : ` (Retry-After ${a.retryAfter})`} ${a.what}: ${a.route} ${a.body}`,
    );
  try {
    await traffic.addUsers(options.users);
    log(
      `${new Date().toISOString()} ${options.users} Business Pro users with a webhook each; traffic starts`,
    );
    const started = Date.now();
    const until = started + options.trafficMs;
    const flowing = traffic.run(until, options.uploadEveryMs);
    const kills: Kill[] = [];
    const diskFaults: DiskFault[] = [];
    // Faults spread over the traffic's time, the first once some uploads are in, the last well before its end.
    const gap = options.trafficMs / (options.kinds.length + 1);
    for (const [i, kind] of options.kinds.entries()) {
      await sleep(Math.max(0, started + gap * (i + 1) - Date.now()));
      if (kind === FULL_DISK) diskFaults.push(await fillDisk(stack, traffic, log));
      else kills.push(await fault(stack, traffic, kind, log, options.busyWaitMs ?? 30_000));
    }
    const killKinds = options.kinds.filter((kind) => kind !== FULL_DISK);
    await flowing;
    log(
      `${new Date().toISOString()} traffic stopped: ${traffic.accepted.length} uploads accepted, ${traffic.answers.length} answers`,
    );
    const caughtUp = await waitForCatchUp(stack, CATCH_UP_LIMIT_MS);
    const drainUntil = Date.now() + (options.drainMs ?? 600_000);
    while (!(await finished(traffic)) && Date.now() < drainUntil) await sleep(1000);
    log(`${new Date().toISOString()} work drained; checking`);
    // Deliveries of the last completions go out on the delivery timer's next ticks.
    await sleep(3000);
    const live = await apiChecks(traffic, await allEvents(stack.dataDir));
    await stack.stop();
    const events = await allEvents(stack.dataDir);
    const checks: Check[] = [
      ...live,
      ...eventChecks(traffic, events),
      storeIntegrity(stack.dataDir),
      {
        name: 'every kill followed by a restart',
        ok: kills.length === killKinds.length && kills.every((k) => k.restartedAt !== null),
        detail: kills.map((k) => `${k.kind}: ${k.restartedAt ? 'restarted' : 'NOT restarted'}`).join(', '),
      },
      {
        name: 'read models caught up within 30 s',
        // Counted from each kill, so the restarted process's own start is inside the 30 s.
        ok:
          caughtUp !== null && kills.every((k) => k.caughtUpMs !== null && k.caughtUpMs <= CATCH_UP_LIMIT_MS),
        detail:
          `after the traffic: ${caughtUp === null ? 'not within 30 s' : `${caughtUp} ms`}` +
          kills
            .map(
              (k) => `; ${k.kind} kill: ${k.caughtUpMs === null ? 'not within 120 s' : `${k.caughtUpMs} ms`}`,
            )
            .join(''),
      },
      ...diskFaults.map((d) => ({
        name: 'full disk: uploads refused with 503/507 and Retry-After, taken again once space returned',
        ok: d.refused.length > 0 && d.refused.every(refusedClearly) && d.resumedMs !== null,
        detail:
          `while full (${d.filledAt} to ${d.freedAt}): ${d.refused.map((r) => `${r.status}${r.retryAfter ? ` Retry-After ${r.retryAfter}` : ''}`).join(', ')}` +
          `; taken again ${d.resumedMs === null ? 'NOT within 60 s' : `${d.resumedMs} ms`} after the space was freed` +
          `; read models ${d.caughtUpMs === null ? 'NOT caught up within 120 s' : `caught up ${d.caughtUpMs} ms`} after`,
      })),
    ];
    const ok = checks.every((c) => c.ok);
    if (ok) removeDataDir(stack.dataDir);
    return { kills, diskFaults, checks, dataDir: stack.dataDir, ok };
  } finally {
    await traffic.close();
    await stack.stop();
  }
};
