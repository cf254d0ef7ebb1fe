// `npm test`: build, every vitest project (unit, conformance, API, browser) with lint, the type checks and the Python
// speech worker's tests beside the slow lanes. Prints one closing line with the totals.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fail, log, root, run } from './lib.mjs';

// The engines the tests start (speech worker, language model, job worker) run at full priority, as they did before
// SCRIVO_BACKGROUND_NICE: the lint and Python lanes beside them run at niceness 10 (inBackground), and an engine
// lowered to the same level shared the cores with them and timed out (the summary test at 240 s against 136 s).
// What a shipped install does with the setting is measured by the load benchmark (bench/load), not here.
process.env.SCRIVO_BACKGROUND_NICE ??= '0';

const started = Date.now();
// Each step says when it began, so a CI log shows where the time goes (issue 42: the suite under 40 minutes).
const step = (name) => log(`${name} (at ${((Date.now() - started) / 60000).toFixed(1)} min)`);
step('build');
run('node', ['scripts/build.mjs']);
mkdirSync(join(root, '.tmp'), { recursive: true });
const python = join(root, 'worker', '.venv', 'bin', 'python');
const hasWorker = existsSync(join(root, 'worker', 'tests'));
if (hasWorker && !existsSync(python))
  fail('The speech worker environment is missing: run `bash worker/scripts/setup.sh` first.');

// The lanes beside Vitest run under SCHED_IDLE (`chrt --idle`): only on a core nothing else wants. Niced alone
// they still took slices from the engines, and the language model's two threads, which wait for each other at every
// step, lost more than the slices: a summary test took 135 s beside niced pytest, 75 s beside it under SCHED_IDLE,
// 57 s alone (2026-12-07, api/test/summaries/own-model.test.ts).
const idle = spawnSync('chrt', ['--idle', '0', 'true']).status === 0 ? ['chrt', '--idle', '0'] : [];

/**
 * Runs a command in the background with its output held in a file (printed when it is awaited), at a lower CPU
 * priority than the tests beside it. Resolves to its exit status.
 */
const inBackground = (name, command, args, options = {}) => {
  const path = join(root, '.tmp', `${name}.log`);
  const out = openSync(path, 'w');
  const [program, ...prefix] = [...idle, 'nice', '-n', '10', command, ...args];
  const child = spawn(program, prefix, {
    cwd: root,
    stdio: ['ignore', out, out],
    ...options,
  });
  closeSync(out);
  const status = new Promise((done) => {
    child.on('error', () => done(1));
    child.on('close', (code) => done(code ?? 1));
  });
  return async () => {
    const code = await status;
    process.stdout.write(readFileSync(path, 'utf8'));
    return code;
  };
};

/** The browser lane's niceness beside the engine lane (the lanes beside Vitest's are at 10, under SCHED_IDLE). */
const ASIDE_NICENESS = 5;
const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
// A CI log is often seen only by its end: the failed tests are named again there, with their first message line.
const failures = [];
/**
 * One Vitest run over some projects (vitest.config.ts), its counts and file times added to the totals. With
 * `aside`, its output goes to a file printed when it ends (it runs beside another whose output is shown as it comes),
 * at a lower priority than that one. Resolves to its exit status.
 */
const vitest = async (name, projects, { aside = false } = {}) => {
  const report = join(root, '.tmp', `${name}.json`);
  rmSync(report, { force: true });
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const output = join(root, '.tmp', `${name}.log`);
  const out = aside ? openSync(output, 'w') : 'inherit';
  const child = aside
    ? spawn('nice', ['-n', String(ASIDE_NICENESS), 'npx', ...args], {
        cwd: root,
        stdio: ['ignore', out, out],
      })
    : spawn('npx', args, { cwd: root, stdio: 'inherit' });
  if (aside) closeSync(out);
  const status = await new Promise((done) => {
    child.on('error', () => done(1));
    child.on('close', (code) => done(code ?? 1));
  });
  if (aside) process.stdout.write(readFileSync(output, 'utf8'));
  if (!existsSync(report)) return status || 1;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
  for (const file of json.testResults) {
    timings.push({ seconds: (file.endTime - file.startTime) / 1000, name: relative(root, file.name) });
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed')
      failures.push(`${relative(root, file.name)}: ${file.message}`);
    for (const test of failed)
      failures.push(
        `${relative(root, file.name)} > ${test.fullName}: ${test.failureMessages?.[0]?.split('\n')[0] ?? ''}`,
      );
  }
  return status;
};

const pytestReport = (name) => join(root, '.tmp', `${name}.xml`);
for (const name of ['pytest', 'pytest-realtime']) rmSync(pytestReport(name), { force: true });
let speechWorkerTests;
if (hasWorker) {
  step('mypy and pytest (speech worker), beside Vitest');
  speechWorkerTests = inBackground(
    'speech-worker-tests',
    'sh',
    [
      '-c',
      `"${python}" -m mypy && cd .. && "${python}" -m pytest worker/tests -q -m "not realtime" --durations=15 ` +
        `--junitxml="${pytestReport('pytest')}"`,
    ],
    { cwd: join(root, 'worker') },
  );
}
// Lint and the type checks read code and time nothing: they too take the cores Vitest leaves idle, one after
// another (each is one process on one core), instead of holding both cores for 3 minutes before the tests.
step('lint and type checks, beside Vitest');
const staticChecks = inBackground('lint-and-types', 'sh', [
  '-c',
  [
    'npx eslint . --max-warnings=0',
    'npx prettier --check . --log-level warn',
    // Exports nothing imports (knip.json): a name nobody uses is dead code or belongs inside its file.
    'npx knip --no-progress --no-config-hints',
    'node scripts/typecheck.mjs',
  ].join(' && '),
]);
// The speech worker's mypy and pytest (about one core) and the static checks start first, at idle priority: they
// take what Vitest leaves idle (the light files wait on sockets and databases, the lanes after them on a real engine or a
// browser, one file at a time) without slowing its timed tests (issue 42: the suite under 40 minutes; started after
// the light files, pytest still ran 24 minutes beside the lanes). The worker's real-time tests (live captions fed at
// the speed of speech, marked `realtime`) run after Vitest, at normal priority.
step('vitest: the light files');
const lightStatus = await vitest('vitest-light', ['domain', 'server', 'web']);
// The engine lane (the files that drive a real engine, then those that drive the language model, then the browser
// files that do or feed live speech to the speech worker), then the browser and Pact lanes. With
// SCRIVO_TEST_LANES=side-by-side the browser lane runs beside the engine lane, niced a little: on 2 cores that took the
// suite from 33.5 to 27 minutes (the cores were half idle while the browser files ran alone), but in each of two runs
// one browser test starved of the cores timed out (a sign-in after a password reset, Spanish live captions), so on 2
// cores the lanes run one after the other.
const sideBySide = process.env.SCRIVO_TEST_LANES === 'side-by-side';
step(`vitest: the engine lane${sideBySide ? ', and beside it' : ', then'} the browser and Pact lanes`);
const engines = vitest('vitest-engines', ['engines', 'engines-model', 'e2e-engines']);
const [engineStatus, browserStatus] = sideBySide
  ? await Promise.all([engines, vitest('vitest-browser', ['e2e', 'pact'], { aside: true })])
  : [await engines, await vitest('vitest-browser', ['e2e', 'pact'])];
const vitestStatus = lightStatus || engineStatus || browserStatus;

// The 20 slowest files of this run (the README's Testing section keeps a measured list): where time goes.
console.log('\nThe 20 slowest test files:');
for (const { seconds, name } of timings.sort((a, b) => b.seconds - a.seconds).slice(0, 20))
  console.log(`${seconds.toFixed(1).padStart(7)} s  ${name}`);

step('waiting for lint and the type checks');
const staticStatus = await staticChecks();
if (staticStatus !== 0) log('lint or a type check failed (its output is above)');

let pytestStatus = 0;
if (speechWorkerTests) {
  step('waiting for mypy and pytest (speech worker)');
  pytestStatus = await speechWorkerTests();
  step('pytest (speech worker): the real-time tests');
  const realtime = run(
    python,
    ['-m', 'pytest', 'worker/tests', '-q', '-m', 'realtime', `--junitxml=${pytestReport('pytest-realtime')}`],
    { allowFailure: true },
  );
  pytestStatus ||= realtime;
  for (const name of ['pytest', 'pytest-realtime']) {
    const junit = pytestReport(name);
    if (!existsSync(junit)) {
      totals.failed += 1;
      continue;
    }
    const xml = readFileSync(junit, 'utf8');
    const attr = (key) => Number(new RegExp(`<testsuite[^>]*\\b${key}="(\\d+)"`).exec(xml)?.[1] ?? 0);
    const failed = attr('failures') + attr('errors');
    for (const [, name] of xml.matchAll(/<testcase[^>]*\bname="([^"]*)"[^>]*>\s*<(?:failure|error)\b/g))
      failures.push(`worker/tests (${name})`);
    const skipped = attr('skipped');
    totals.failed += failed;
    totals.skipped += skipped;
    totals.passed += attr('tests') - failed - skipped;
  }
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\nAll suites finished in ${minutes} min.`);
if (failures.length > 0)
  console.log(`\nFailed:\n${failures.map((line) => `  ${line.slice(0, 400)}`).join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(vitestStatus !== 0 || pytestStatus !== 0 || staticStatus !== 0 || totals.failed > 0 ? 1 : 0);
