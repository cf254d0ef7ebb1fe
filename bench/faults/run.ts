// Faults under traffic (issue 45, item 3), the scripted run: the embedded stack as `npm start` runs it, users
// uploading, reading, editing and asking for summaries, and a kill -9 of each process kind in turn (job worker,
// speech worker, language model, API) while they do, then the data folder's disk filled and freed (where a tmpfs
// can be mounted); then the checks. Exits 1 when one fails (its data folder is
// kept and named). Run it after `node scripts/build.mjs`:
//   node --conditions=source --import tsx bench/faults/run.ts [--minutes=5] [--users=20] [--upload-every=60]
//     [--stack=production] [--ferretdb-backend postgresql|sqlite] [--logs DIR]
// --stack=production: FerretDB, MinIO, a projector and two API replicas behind a load balancer, two job workers;
// the kills are an API replica, the projector, a job worker, the speech worker, the language model, FerretDB and
// MinIO, each started again by the run. FerretDB runs on a throwaway PostgreSQL cluster of the run's own where
// PostgreSQL is installed (else on SQLite); --logs DIR keeps each process's whole log there (production stack).
import { chooseFerretDbBackend } from '@scrivo/adapters/testing/postgres-cluster';
import { canMountTmpfs } from '../../api/test/support/small-disk';
import { startEmbeddedStack } from './embedded-stack';
import { FULL_DISK } from './full-disk';
import { PRODUCTION_KINDS, startProductionStack } from './production-stack';
import { runFaults } from './fault-run';

const arg = (name: string, fallback: number) =>
  Number(new RegExp(`--${name}=(\\d+(?:\\.\\d+)?)`).exec(process.argv.join(' '))?.[1] ?? fallback);
/** `--name=value` or `--name value`. */
const text = (name: string) => new RegExp(`--${name}[= ](\\S+)`).exec(process.argv.join(' '))?.[1];

const minutes = arg('minutes', 5);
const users = arg('users', 20);
const uploadEverySeconds = arg('upload-every', 60);
const production = process.argv.includes('--stack=production') || text('stack') === 'production';
const logDir = text('logs');
// The data folder on a 512 MB tmpfs: room for the run's clips and events, and something to fill.
const diskMb = canMountTmpfs() ? 512 : undefined;
const embeddedKinds = [
  'job worker',
  'speech worker',
  'language model',
  'api',
  ...(diskMb ? [FULL_DISK] : []),
];
const kinds: readonly string[] = production ? PRODUCTION_KINDS : embeddedKinds;
const log = (line: string) => console.log(line);

const main = async () => {
  if (!production && !diskMb)
    log('no tmpfs can be mounted here (needs root): the full-disk fault is left out');
  log(
    `${new Date().toISOString()} faults under traffic (${production ? 'production' : 'embedded'} stack): ${minutes} min, ${users} users, an upload every ${uploadEverySeconds} s each`,
  );
  const report = await runFaults({
    users,
    trafficMs: minutes * 60_000,
    uploadEveryMs: uploadEverySeconds * 1000,
    kinds,
    log,
    start: production
      ? (say) =>
          startProductionStack(
            {
              ferretDbBackend: chooseFerretDbBackend(text('ferretdb-backend')),
              ...(logDir ? { logDir } : {}),
            },
            say,
          )
      : (say) => startEmbeddedStack({}, { diskMb }, say),
  });
  log('');
  for (const c of report.checks) log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
  if (!report.ok) log(`data folder kept: ${report.dataDir}`);
  process.exit(report.ok ? 0 : 1);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
