// `npm test`: build, lint, type checks, every vitest project (unit, conformance, API, browser), then the Python
// speech worker's tests. Prints one closing line with the totals.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fail, log, root, run, runLanes } from './lib.mjs';

const started = Date.now();
// Each step says when it began, so a CI log shows where the time goes (issue 42: the suite under 40 minutes).
const step = (name) => log(`${name} (at ${((Date.now() - started) / 60000).toFixed(1)} min)`);
step('build');
run('node', ['scripts/build.mjs']);
// Lint and the type checks are each one process on one core: on two cores they run side by side.
step('lint and typecheck, side by side');
await runLanes([
  [
    ['npx', ['eslint', '.', '--max-warnings=0']],
    ['npx', ['prettier', '--check', '.', '--log-level', 'warn']],
    // Exports nothing imports (knip.json): a name nobody uses is dead code or belongs inside its file.
    ['npx', ['knip', '--no-progress', '--no-config-hints']],
  ],
  [['node', ['scripts/typecheck.mjs']]],
]);

mkdirSync(join(root, '.tmp'), { recursive: true });
const report = join(root, '.tmp', 'vitest.json');
step('vitest');
const vitestStatus = run(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  {
    allowFailure: true,
  },
);
const totals = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
  // The 20 slowest files of this run (the README's Testing section keeps a measured list): where time goes.
  const slowest = json.testResults
    .map((file) => ({ seconds: (file.endTime - file.startTime) / 1000, name: relative(root, file.name) }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 20);
  console.log('\nThe 20 slowest test files:');
  for (const { seconds, name } of slowest) console.log(`${seconds.toFixed(1).padStart(7)} s  ${name}`);
}

let pytestStatus = 0;
const python = join(root, 'worker', '.venv', 'bin', 'python');
if (existsSync(join(root, 'worker', 'tests'))) {
  if (!existsSync(python))
    fail('The speech worker environment is missing: run `bash worker/scripts/setup.sh` first.');
  // The worker's types (the Whisper model behind worker/scrivo_speech/engine.py's Engine protocol); settings in
  // worker/pyproject.toml. mypy comes with requirements-dev.txt.
  step('mypy (speech worker)');
  run(python, ['-m', 'mypy'], { cwd: join(root, 'worker') });
  step('pytest (speech worker)');
  const junit = join(root, '.tmp', 'pytest.xml');
  pytestStatus = run(python, ['-m', 'pytest', 'worker/tests', '-q', `--junitxml=${junit}`], {
    allowFailure: true,
  });
  if (existsSync(junit)) {
    const xml = readFileSync(junit, 'utf8');
    const attr = (name) => Number(new RegExp(`<testsuite[^>]*\\b${name}="(\\d+)"`).exec(xml)?.[1] ?? 0);
    const failed = attr('failures') + attr('errors');
    const skipped = attr('skipped');
    totals.failed += failed;
    totals.skipped += skipped;
    totals.passed += attr('tests') - failed - skipped;
  }
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\nAll suites finished in ${minutes} min.`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(vitestStatus !== 0 || pytestStatus !== 0 || totals.failed > 0 ? 1 : 0);
