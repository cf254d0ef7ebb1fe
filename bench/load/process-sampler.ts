// What each process of a running stack holds, read from /proc every few seconds (Linux): resident memory, its peak,
// open file descriptors and sockets, and the data folder's SQLite write-ahead logs and blob folders. The soak
// (bench/load/soak.ts) judges growth from these samples; nothing here needs the stack's own cooperation: the
// processes are this process's descendants, and the data folder is the one the API was started with.
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The kinds of process a Scrivo stack runs, known by their command lines. */
export type ProcessKind = 'api' | 'job worker' | 'speech worker' | 'language model' | 'other';

export interface ProcessSample {
  readonly pid: number;
  readonly kind: ProcessKind;
  /** Resident memory now, and the most it has held (VmHWM), in MB. */
  readonly rssMb: number;
  readonly peakRssMb: number;
  readonly fds: number;
  readonly sockets: number;
}

export interface StackSample {
  /** Seconds since the sampler started. */
  readonly at: number;
  readonly processes: readonly ProcessSample[];
  /** Bytes of every *-wal file in the data folder, and of each of its top-level folders. */
  readonly walBytes: number;
  readonly folderBytes: Readonly<Record<string, number>>;
}

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // A process that ends between the listing and the read.
    return undefined;
  }
};

const parentOf = (pid: number): number | undefined => {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name in parentheses may hold spaces: the parent pid is the second field after its closing one.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields ? Number(fields[1]) : undefined;
};

const descendantsOf = (root: number): number[] => {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const parent = parentOf(Number(name));
    if (parent !== undefined) parents.set(Number(name), parent);
  }
  const found: number[] = [];
  const frontier = [root];
  while (frontier.length > 0) {
    const pid = frontier.pop()!;
    for (const [child, parent] of parents)
      if (parent === pid) {
        found.push(child);
        frontier.push(child);
      }
  }
  return found;
};

const commandLine = (pid: number) => (readText(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ');

export const kindOf = (command: string): ProcessKind => {
  if (/api\/dist\/main\.js|api\/src\/main\.ts/.test(command)) return 'api';
  if (/worker-main/.test(command)) return 'job worker';
  if (/scrivo_speech/.test(command)) return 'speech worker';
  // The language model runs as `node server.mjs` in llm/.
  if (/(^|[\s/])server\.mjs/.test(command)) return 'language model';
  return 'other';
};

const statusMb = (status: string, field: string): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Math.round(Number(match[1]) / 1024) : 0;
};

const openFiles = (pid: number): { fds: number; sockets: number } => {
  try {
    const fds = readdirSync(`/proc/${pid}/fd`);
    let sockets = 0;
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets += 1;
      } catch {
        // Closed while counted.
      }
    }
    return { fds: fds.length, sockets };
  } catch {
    return { fds: 0, sockets: 0 };
  }
};

const sizeOf = (path: string): number => {
  try {
    const stat = statSync(path);
    if (!stat.isDirectory()) return stat.size;
    return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
  } catch {
    return 0;
  }
};

/** The data folder the stack's API runs on, from its environment (SCRIVO_DATA_DIR). */
const dataDirOf = (pids: readonly number[]): string | undefined => {
  for (const pid of pids) {
    if (kindOf(commandLine(pid)) !== 'api') continue;
    const entry = (readText(`/proc/${pid}/environ`) ?? '')
      .split('\0')
      .find((line) => line.startsWith('SCRIVO_DATA_DIR='));
    if (entry) return entry.slice('SCRIVO_DATA_DIR='.length);
  }
  return undefined;
};

export const sampleStack = (root: number, startedAt: number): StackSample => {
  const pids = descendantsOf(root);
  const processes = pids.flatMap((pid): ProcessSample[] => {
    const kind = kindOf(commandLine(pid));
    const status = readText(`/proc/${pid}/status`);
    // Short-lived helpers (ffmpeg, npm shims) are not what a soak watches.
    if (kind === 'other' || status === undefined) return [];
    return [
      {
        pid,
        kind,
        rssMb: statusMb(status, 'VmRSS'),
        peakRssMb: statusMb(status, 'VmHWM'),
        ...openFiles(pid),
      },
    ];
  });
  const dataDir = dataDirOf(pids);
  const folderBytes: Record<string, number> = {};
  let walBytes = 0;
  if (dataDir) {
    const walk = (dir: string) => {
      for (const name of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, name.name);
        if (name.isDirectory()) walk(path);
        else if (name.name.endsWith('-wal')) walBytes += sizeOf(path);
      }
    };
    try {
      walk(dataDir);
      for (const name of readdirSync(dataDir, { withFileTypes: true }))
        if (name.isDirectory()) folderBytes[name.name] = sizeOf(join(dataDir, name.name));
    } catch {
      // The folder is made by the API as it starts, and removed as the stack stops.
    }
  }
  return { at: Math.round((Date.now() - startedAt) / 1000), processes, walBytes, folderBytes };
};

/** Samples the stack under `root` every `everySeconds` until stopped. */
export const startSampler = (root: number, everySeconds: number) => {
  const startedAt = Date.now();
  const samples: StackSample[] = [];
  const take = () => samples.push(sampleStack(root, startedAt));
  const timer = setInterval(take, everySeconds * 1000);
  take();
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      return samples;
    },
  };
};
