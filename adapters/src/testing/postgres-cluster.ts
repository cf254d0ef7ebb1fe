// A throwaway PostgreSQL cluster for FerretDB's PostgreSQL backend in the production stack's benchmarks: initdb in a
// folder of its own, its own port on 127.0.0.1 and its own socket folder, with PostgreSQL's durable defaults
// (fsync and synchronous_commit on: a fault run that kills FerretDB must find every acknowledged write there).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder (Debian's layout), or null when there is none. */
export const postgresBinDir = (): string | null => {
  if (!existsSync(DEBIAN_ROOT)) return null;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((v) =>
      ['initdb', 'postgres', 'pg_isready'].every((b) => existsSync(join(DEBIAN_ROOT, v, 'bin', b))),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(DEBIAN_ROOT, versions[0], 'bin') : null;
};

/**
 * FerretDB v1.24's `update` holds a PostgreSQL connection for the rows of its query and, inside that loop, takes a
 * second one from the same pool for the write's transaction (`handler/common.UpdateDocument` calling
 * `UpdateAll`/`InsertAll` through `pool.InTransaction`). Once as many updates as the pool has connections hold
 * their first one, every one of them waits for a second forever, and so does every later query: FerretDB stops
 * answering (the 200-user load run, 2026-12-07: 50 of 50 connections held, 477 requests waiting in
 * `pgxpool.Acquire`, seen in a goroutine dump). It cannot happen while the pool is larger than the number of
 * requests FerretDB can have in flight, which is the clients' connections: FERRETDB_CLIENT_POOL per MongoDB
 * client (`maxPoolSize` in the URL the stack gives its processes), about 4 clients per process (read models, job
 * queue, rate limits, keys), 5 processes (projector, two replicas, two job workers): 160 < 200.
 */
export const FERRETDB_PG_POOL = 200;
export const FERRETDB_CLIENT_POOL = 8;

/** The MongoDB URL the stack's processes get: FerretDB's, with the client pool that keeps FerretDB's pool safe. */
export const ferretDbClientUrl = (url: string, backend: FerretDbBackend): string =>
  backend === 'postgresql'
    ? `${url}${url.includes('?') ? '&' : '?'}maxPoolSize=${FERRETDB_CLIENT_POOL}`
    : url;

export interface PostgresCluster {
  /** For FerretDB's `-postgresql` flag (trust authentication on the loopback only). */
  readonly url: string;
  /** The postmaster's pid while it runs. */
  readonly pid: number | undefined;
  readonly version: string;
  stop(): Promise<void>;
}

/**
 * initdb refuses to run as root: as root, the cluster's folder and processes belong to the `postgres` user
 * Debian's package makes.
 */
const owner = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
};

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export const startPostgresCluster = async (
  binDir: string,
  options: { readonly logFile?: string } = {},
): Promise<PostgresCluster> => {
  const user = owner();
  const root = mkdtempSync(join(tmpdir(), 'scrivo-postgres-'));
  const data = join(root, 'data');
  const sockets = join(root, 'sockets');
  mkdirSync(sockets);
  if (user) for (const path of [root, sockets]) chownSync(path, user.uid, user.gid);
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  const log = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  try {
    execFileSync(
      join(binDir, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'],
      { ...as, stdio: ['ignore', log, log] },
    );
    const port = await freePort();
    // Room for FerretDB's pool (FERRETDB_PG_POOL below) twice over: a restart of FerretDB may leave the old
    // connections closing while the new ones open.
    const child = spawn(
      join(binDir, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        sockets,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `max_connections=${2 * FERRETDB_PG_POOL + 20}`,
      ],
      { ...as, stdio: ['ignore', log, log] },
    );
    const deadline = Date.now() + 30_000;
    const ready = () => {
      try {
        execFileSync(join(binDir, 'pg_isready'), [
          '-q',
          '-U',
          'postgres',
          '-h',
          '127.0.0.1',
          '-p',
          String(port),
        ]);
        return true;
      } catch {
        return false;
      }
    };
    while (!ready()) {
      if (exited(child) || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`PostgreSQL did not start (log: ${options.logFile ?? 'not kept'})`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const version = execFileSync(join(binDir, 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres?pool_max_conns=${FERRETDB_PG_POOL}`,
      get pid() {
        return exited(child) ? undefined : child.pid;
      },
      version,
      async stop() {
        if (!exited(child)) {
          const gone = new Promise((r) => child.once('exit', r));
          // SIGINT is PostgreSQL's fast shutdown: it does not wait for clients to leave, as SIGTERM does.
          child.kill('SIGINT');
          await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
          if (!exited(child)) child.kill('SIGKILL');
        }
        if (typeof log === 'number') closeSync(log);
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (typeof log === 'number') closeSync(log);
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
};

export type FerretDbBackend = 'postgresql' | 'sqlite';

/**
 * The backend FerretDB runs on in the production stack's benchmarks: the one asked for, else PostgreSQL where it is
 * installed (FerretDB v1 on SQLite filters all but `{_id}` in Go, and stopped answering under the 200-user load).
 */
export const chooseFerretDbBackend = (asked: string | undefined): FerretDbBackend => {
  if (asked === 'sqlite') return 'sqlite';
  if (asked === 'postgresql') {
    if (!postgresBinDir()) throw new Error(`PostgreSQL is not installed (${DEBIAN_ROOT}/<version>/bin)`);
    return 'postgresql';
  }
  if (asked !== undefined) throw new Error(`--ferretdb-backend: postgresql or sqlite, not ${asked}`);
  return postgresBinDir() ? 'postgresql' : 'sqlite';
};
