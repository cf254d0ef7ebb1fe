// The data folder's disk running full while users upload (issue 45, item 3): uploads must be refused with a clear
// 503 or 507 and a Retry-After (never a 500), work in flight must finish once space returns, and the service must
// take uploads again by itself, without a restart.
import type { FaultStack } from './fault-stack';
import { type Log, waitForCatchUp } from './kills';
import { type Traffic, sleep } from './traffic';

export const FULL_DISK = 'full disk';

export interface DiskFault {
  readonly filledAt: string;
  readonly freedAt: string;
  /** The answers to this fault's own uploads while the disk was full. */
  readonly refused: readonly { readonly status: number; readonly retryAfter: string | null }[];
  /** From freeing the space until an upload was answered 201 again; null when none was within a minute. */
  readonly resumedMs: number | null;
  /** From freeing the space until the read models held every event; null when not within 120 s. */
  readonly caughtUpMs: number | null;
}

const RESUME_LIMIT_MS = 60_000;

/** Fills the disk, uploads as a user while it is full, frees it, and times the service's return. */
export const fillDisk = async (
  stack: FaultStack,
  traffic: Traffic,
  log: Log,
  holdMs = 15_000,
): Promise<DiskFault> => {
  const disk = stack.disk;
  if (!disk) throw new Error('the full-disk fault needs the data folder on a small disk');
  const member = traffic.members[0]!;
  disk.fill();
  const filledAt = new Date().toISOString();
  log(`${filledAt} data folder's disk filled (every free byte taken)`);
  const refused: DiskFault['refused'][number][] = [];
  const until = Date.now() + holdMs;
  do {
    refused.push(await traffic.upload(member));
    await sleep(3000);
  } while (Date.now() < until);
  disk.free();
  const freedMs = Date.now();
  const freedAt = new Date(freedMs).toISOString();
  log(
    `${freedAt} space freed; uploads while full answered ${refused.map((r) => `${r.status}${r.retryAfter ? ` (Retry-After ${r.retryAfter})` : ''}`).join(', ')}`,
  );
  let resumedMs: number | null = null;
  while (resumedMs === null && Date.now() - freedMs < RESUME_LIMIT_MS) {
    if ((await traffic.upload(member)).status === 201) resumedMs = Date.now() - freedMs;
    else await sleep(2000);
  }
  const caughtUp = await waitForCatchUp(stack, 120_000);
  const caughtUpMs = caughtUp === null ? null : Date.now() - freedMs;
  log(
    `${new Date().toISOString()} ${resumedMs === null ? 'NO upload taken within 60 s of freeing the space' : `uploads taken again ${resumedMs} ms after the space was freed`}; read models ${caughtUpMs === null ? 'NOT caught up within 120 s' : `caught up ${caughtUpMs} ms after`}`,
  );
  return { filledAt, freedAt, refused, resumedMs, caughtUpMs };
};

/** Refused as it should be: a 503 or 507 that says when to try again. */
export const refusedClearly = (answer: DiskFault['refused'][number]): boolean =>
  (answer.status === 503 || answer.status === 507) && answer.retryAfter !== null;
