// `npm test`: build, lint, type checks, every vitest project (unit, conformance, API, browser), then the Python
// speech worker's tests. Prints one closing line with the totals.
//
// Most of a run waits (on servers, a browser, real-time audio, a model in another process), so independent lanes run
// side by side on a 2-core machine: lint beside the type checks, and the browser tests (one file at a time, then the
// worker's pytest) beside the other vitest projects. A lane's output is printed whole when it ends, never mixed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fail, log, root, run } from './lib.mjs';

const started = Date.now();
const minutes = () => ((Date.now() - started) / 60000).toFixed(1);
const python = join(root, 'worker', '.venv', 'bin', 'python');

/** Runs one command, its output kept; resolves to its exit status (a command that cannot start fails the run). */
const collect = (command, args, output, options = {}) =>
  new Promise((done) => {
    const stdio = output ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'];
    const child = spawn(command, args, { cwd: root, stdio, ...options });
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => fail(`${command} could not start: ${error.message}`));
    child.on('close', (status, signal) => done(status ?? (signal ? 1 : 0)));
  });

/**
 * A lane: its commands one after another (the next only when `keepGoing` or the last passed). Resolves to the first
 * failing status, or 0; its output is printed, under its name, when it ends (or as it comes, for the one lane that
 * `streams`).
 */
const lane = async (name, commands, { streams = false } = {}) => {
  const output = streams ? null : [];
  let status = 0;
  for (const [command, args, { keepGoing = false, ...options } = {}] of commands) {
    const commandStatus = await collect(command, args, output, options);
    if (commandStatus !== 0 && status === 0) status = commandStatus;
    if (commandStatus !== 0 && !keepGoing) break;
  }
  log(`${name}: ${status === 0 ? 'passed' : `failed (exit ${status})`} at ${minutes()} min`);
  if (output) process.stdout.write(Buffer.concat(output));
  return status;
};

log('build');
run('node', ['scripts/build.mjs']);

log(`lint and typecheck, side by side (${minutes()} min)`);
const checks = await Promise.all([
  lane('lint', [
    ['npx', ['eslint', '.', '--max-warnings=0']],
    ['npx', ['prettier', '--check', '.', '--log-level', 'warn']],
    // Exports nothing imports (knip.json): a name nobody uses is dead code or belongs inside its file.
    ['npx', ['knip', '--no-progress', '--no-config-hints']],
  ]),
  lane('typecheck', [['node', ['scripts/typecheck.mjs']]]),
]);
if (checks.some((status) => status !== 0)) fail('lint or typecheck failed');

mkdirSync(join(root, '.tmp'), { recursive: true });
const reports = [join(root, '.tmp', 'vitest.json'), join(root, '.tmp', 'vitest-e2e.json')];
const junit = join(root, '.tmp', 'pytest.xml');
// A report left by an earlier run must not count in this one's totals.
for (const path of [...reports, junit]) rmSync(path, { force: true });
const vitest = (report, projects) => [
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ],
  { keepGoing: true },
];
const hasWorkerTests = existsSync(join(root, 'worker', 'tests'));
if (hasWorkerTests && !existsSync(python))
  fail('The speech worker environment is missing: run `bash worker/scripts/setup.sh` first.');

log(`vitest (domain, server, web) beside the browser tests and the speech worker's tests (${minutes()} min)`);
const [mainStatus, browserStatus] = await Promise.all([
  lane('vitest: domain, server, web', [vitest(reports[0], ['domain', 'server', 'web'])], { streams: true }),
  lane('vitest: e2e, then the speech worker', [
    vitest(reports[1], ['e2e']),
    ...(hasWorkerTests
      ? [
          // The worker's types (the Whisper model behind worker/scrivo_speech/engine.py's Engine protocol); settings
          // in worker/pyproject.toml. mypy comes with requirements-dev.txt.
          [python, ['-m', 'mypy'], { cwd: join(root, 'worker'), keepGoing: true }],
          [python, ['-m', 'pytest', 'worker/tests', '-q', `--junitxml=${junit}`], { keepGoing: true }],
        ]
      : []),
  ]),
]);

const totals = { passed: 0, failed: 0, skipped: 0 };
const files = [];
for (const report of reports.filter((path) => existsSync(path))) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
  for (const file of json.testResults)
    files.push({ seconds: (file.endTime - file.startTime) / 1000, name: relative(root, file.name) });
}
// The 20 slowest files of this run (the README's Testing section keeps a measured list): where time goes.
console.log('\nThe 20 slowest test files:');
for (const { seconds, name } of files.sort((a, b) => b.seconds - a.seconds).slice(0, 20))
  console.log(`${seconds.toFixed(1).padStart(7)} s  ${name}`);

if (existsSync(junit)) {
  const xml = readFileSync(junit, 'utf8');
  const attr = (name) => Number(new RegExp(`<testsuite[^>]*\\b${name}="(\\d+)"`).exec(xml)?.[1] ?? 0);
  const failed = attr('failures') + attr('errors');
  const skipped = attr('skipped');
  totals.failed += failed;
  totals.skipped += skipped;
  totals.passed += attr('tests') - failed - skipped;
}

console.log(`\nAll suites finished in ${minutes()} min.`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(mainStatus !== 0 || browserStatus !== 0 || totals.failed > 0 ? 1 : 0);
