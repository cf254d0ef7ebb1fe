// Keeps the processes `npm start` runs alive: a process that dies (a crash, the kernel's out-of-memory killer) is
// started again after a pause that doubles with each quick death, so a process that cannot start does not spin a
// core, and one that ran a good while comes back at once. Work in flight is not lost: jobs hold leases in the
// event store and wait for their engine (docs/operations.md), so a restarted engine picks them up again.
import { spawn } from 'node:child_process';

export const DEFAULT_BACKOFF = Object.freeze({ firstMs: 1000, maxMs: 30_000, stableAfterMs: 60_000 });

/** The pause before the next start, given how many quick deaths came before it. */
export const restartDelay = (quickDeaths, backoff = DEFAULT_BACKOFF) =>
  Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, quickDeaths - 1));

/**
 * Runs `command` and starts it again whenever it exits on its own. `onGiveUp` is called instead of a restart
 * when the first start exits with a failure code inside `startupMs` (a configuration error prints its message
 * and exits: starting it again would print the same message forever).
 */
export const supervise = ({
  name,
  command,
  args = [],
  options = {},
  log,
  backoff = DEFAULT_BACKOFF,
  startupMs = 0,
  onGiveUp,
  onStart,
}) => {
  let child = null;
  let stopping = false;
  let quickDeaths = 0;
  let restarts = 0;
  let timer = null;
  let everUp = false;
  const exits = new Set();

  const start = () => {
    timer = null;
    const startedAt = Date.now();
    const proc = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child = proc;
    if (options.detached) isGroupLeader.add(proc);
    onStart?.(proc);
    const upTimer = startupMs > 0 ? setTimeout(() => (everUp = true), startupMs) : null;
    if (!upTimer) everUp = true;
    proc.on('error', (error) => log(`${name} could not start: ${error.message}`));
    proc.on('exit', (code, signal) => {
      if (upTimer) clearTimeout(upTimer);
      child = null;
      for (const resolve of exits) resolve();
      exits.clear();
      if (stopping) return;
      const how = signal ?? `exit code ${code}`;
      // Only an exit code says "I cannot start" (a configuration error); a signal came from outside (a kill, the
      // out-of-memory killer), and a process killed while it was starting is started again like any other.
      if (!everUp && code !== null && code !== 0 && onGiveUp) {
        log(`${name} stopped while starting (${how})`);
        onGiveUp(code ?? 1);
        return;
      }
      quickDeaths = Date.now() - startedAt >= backoff.stableAfterMs ? 1 : quickDeaths + 1;
      const delay = restartDelay(quickDeaths, backoff);
      restarts += 1;
      log(`${name} exited (${how}); restarting in ${formatDelay(delay)} (restart ${restarts})`);
      timer = setTimeout(start, delay);
    });
  };
  start();

  return {
    name,
    get pid() {
      return child?.pid;
    },
    get restarts() {
      return restarts;
    },
    /** Stops the process for good (no restart) and resolves once it has exited. */
    stop(signal = 'SIGTERM', forceAfterMs = 20_000) {
      stopping = true;
      if (timer) clearTimeout(timer);
      const running = child;
      if (!running) return Promise.resolve();
      const exited = new Promise((resolve) => exits.add(resolve));
      signalTree(running, signal);
      const force = setTimeout(() => signalTree(running, 'SIGKILL'), forceAfterMs);
      return exited.finally(() => clearTimeout(force));
    },
  };
};

/** A detached child leads a process group: signalling the group also ends what it started (ffmpeg, threads). */
const signalTree = (proc, signal) => {
  try {
    if (isGroupLeader.has(proc) && proc.pid) process.kill(-proc.pid, signal);
    else proc.kill(signal);
  } catch {
    // Already gone.
  }
};
const isGroupLeader = new WeakSet();

const formatDelay = (ms) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`);
