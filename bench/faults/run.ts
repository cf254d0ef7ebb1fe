// Faults under traffic (issue 45, item 3), the scripted run: the embedded stack as `npm start` runs it, users
// uploading, reading, editing and asking for summaries, and a kill -9 of each process kind in turn (job worker,
// speech worker, language model, API) while they do; then the checks. Exits 1 when one fails (its data folder is
// kept and named). Run it after `node scripts/build.mjs`:
//   node --conditions=source --import tsx bench/faults/run.ts [--minutes=5] [--users=20] [--upload-every=60]
import type { ProcessKind } from './embedded-stack';
import { runFaults } from './fault-run';

const arg = (name: string, fallback: number) =>
  Number(new RegExp(`--${name}=(\\d+(?:\\.\\d+)?)`).exec(process.argv.join(' '))?.[1] ?? fallback);

const minutes = arg('minutes', 5);
const users = arg('users', 20);
const uploadEverySeconds = arg('upload-every', 60);
const kinds: ProcessKind[] = ['job worker', 'speech worker', 'language model', 'api'];
const log = (line: string) => console.log(line);

const main = async () => {
  log(
    `${new Date().toISOString()} faults under traffic: ${minutes} min, ${users} users, an upload every ${uploadEverySeconds} s each`,
  );
  const report = await runFaults({
    users,
    trafficMs: minutes * 60_000,
    uploadEveryMs: uploadEverySeconds * 1000,
    kinds,
    log,
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
