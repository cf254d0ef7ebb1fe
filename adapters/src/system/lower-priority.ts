import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The niceness batch work runs at by default (SCRIVO_BACKGROUND_NICE): the speech worker, the language model, the
 * job worker and the ffmpeg they start yield the cores to the API, whose requests people are waiting on. 10 is the
 * level `nice` uses by default; 0 turns it off.
 */
export const DEFAULT_BACKGROUND_NICE = 10;

/**
 * On Linux a niceness belongs to each thread, and setpriority on a process id sets its main thread only: so every
 * thread running now is set too (threads started later inherit it from the one that starts them).
 */
const threadsOf = (pid: number): number[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    // Not Linux (the process's one niceness is set below), or the process has already exited.
    return [];
  }
};

/**
 * Runs a process (`process.pid`: this one) at least at `niceness`, never back up from a higher level (a worker started under
 * `nice` keeps its level; only root may raise a priority). Returns the niceness it runs at. A process that is gone
 * or not ours is left as it is: priority is a preference, not a reason to fail the work.
 */
export const lowerPriority = (niceness: number, pid: number): number => {
  try {
    const current = getPriority(pid);
    if (current >= niceness) return current;
    setPriority(pid, niceness);
    for (const thread of threadsOf(pid)) if (getPriority(thread) < niceness) setPriority(thread, niceness);
    return niceness;
  } catch {
    return niceness;
  }
};
