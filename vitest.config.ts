import { readFileSync } from 'node:fs';
import { globSync } from 'tinyglobby';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
/** Tests run the TypeScript sources of the workspaces, not their builds. */
const alias = [
  { find: /^@scrivo\/(domain|contracts|adapters|api)\/(.+)$/, replacement: `${root}/$1/src/$2` },
  { find: /^@scrivo\/(domain|contracts|adapters|api)$/, replacement: `${root}/$1/src/index.ts` },
];
// NestJS reads decorator metadata at runtime; esbuild drops it, SWC keeps it.
const decorators = swc.vite({
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
});

const SERVER_TESTS = [
  'contracts/**/*.test.ts',
  'adapters/**/*.test.ts',
  'api/**/*.test.ts',
  'scripts/**/*.test.ts',
  'cli/**/*.test.ts',
  'bench/**/*.test.ts',
];
// Pact: consumer tests and, in the same file, their verification against the real API.
const PACT_TESTS = ['web/pact/**/*.test.ts', 'widget/pact/**/*.test.ts'];
/**
 * Files that drive a real engine (the Python speech worker, the local language model, a whole `npm start`) use
 * both cores by themselves and time real work: they run one at a time, after the light files. The rest (the API in
 * process, MinIO, FerretDB, stripe-mock) run two at a time. Read from the files, so a new test lands in the right
 * lane without a list to keep.
 */
const DRIVES_AN_ENGINE =
  /startSpeechWorker|appWithSpeechWorker|startLanguageModel|appWithLanguageModel|startEmbeddedStack|worker\/\.venv/;
/** Each test file's source, read once: the lanes are chosen by what a file calls. */
const sourcesOf = (patterns: string[]) =>
  globSync(patterns, { cwd: root, ignore: ['**/node_modules/**'] }).map((file) => ({
    file,
    source: readFileSync(`${root}/${file}`, 'utf8'),
  }));
const engineSources = sourcesOf(SERVER_TESTS).filter(({ source }) => DRIVES_AN_ENGINE.test(source));
const engineTests = engineSources.map(({ file }) => file);
const BROWSER_TESTS = ['web/e2e/**/*.test.ts', 'widget/e2e/**/*.test.ts'];
/**
 * Browser files that drive the language model, or feed live speech to the real speech worker at the speed of speech,
 * run in the engine lane after its files (scripts/test.mjs). The model's two threads lose far more than their share
 * beside other work (a summary test took 135 s beside it, 57 s alone), and live captions starved of the cores fell
 * behind (Spanish was not detected within 30 s beside the engine lane, with SCRIVO_TEST_LANES=side-by-side). The other
 * browser files mostly wait on Chromium.
 */
const DRIVES_THE_MODEL = /startLanguageModel|appWithLanguageModel/;
const LIVE_SPEECH = { file: /\/live-[^/]*\.test\.ts$/, call: /startSpeechWorker/ };
const engineBrowserTests = sourcesOf(BROWSER_TESTS)
  .filter(
    ({ file, source }) =>
      DRIVES_THE_MODEL.test(source) || (LIVE_SPEECH.file.test(file) && LIVE_SPEECH.call.test(source)),
  )
  .map(({ file }) => file);
/**
 * The engine files that drive the language model run after the other engine files, so that where the browser lane
 * runs beside the engine lane it has mostly ended by then (summaries-api took 177 s beside it, 60 s alone).
 */
const modelTests = engineSources
  .filter(({ source }) => DRIVES_THE_MODEL.test(source))
  .map(({ file }) => file);
/** Two cores: the light lane uses both. */
const LIGHT_WORKERS = 2;
/** What every project of Node test files (API, adapters, browser, Pact) shares. */
const nodeFiles = { resolve: { alias }, plugins: [decorators] };
const nodeTimeouts = { testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks' } as const;
/** Engine files: one at a time, sharing a module graph (and a language model) in their worker. */
const engineFiles = { ...nodeTimeouts, isolate: false, maxWorkers: 1 } as const;
/** Browser files: one at a time, sharing a module graph (and a language model) in their worker. */
const browserFiles = {
  resolve: { alias },
  plugins: [decorators],
  test: {
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    isolate: false,
    maxWorkers: 1,
    sequence: { groupOrder: 2 },
  },
} as const;

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'domain',
          include: ['domain/src/**/*.test.ts'],
          maxWorkers: LIGHT_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        ...nodeFiles,
        test: {
          name: 'server',
          include: SERVER_TESTS,
          exclude: [...engineTests, '**/node_modules/**'],
          ...nodeTimeouts,
          // One module graph per worker instead of one per file: loading the Nest app's modules was 280 s a run.
          isolate: false,
          maxWorkers: LIGHT_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}', 'widget/src/**/*.test.{ts,tsx}'],
          maxWorkers: LIGHT_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        ...nodeFiles,
        test: {
          name: 'engines',
          include: engineTests,
          exclude: [...modelTests, '**/node_modules/**'],
          ...engineFiles,
          sequence: { groupOrder: 1 },
        },
      },
      {
        ...nodeFiles,
        test: { name: 'engines-model', include: modelTests, ...engineFiles, sequence: { groupOrder: 2 } },
      },
      {
        ...browserFiles,
        test: {
          ...browserFiles.test,
          name: 'e2e',
          include: BROWSER_TESTS,
          exclude: [...engineBrowserTests, '**/node_modules/**'],
        },
      },
      {
        ...browserFiles,
        test: {
          ...browserFiles.test,
          name: 'e2e-engines',
          include: engineBrowserTests,
          sequence: { groupOrder: 3 },
        },
      },
      {
        ...nodeFiles,
        test: {
          name: 'pact',
          include: PACT_TESTS,
          ...nodeTimeouts,
          // Each file's client points at its own mock server through module state, and the consumers of one
          // provider write one pact file: one file at a time, each in a fresh worker.
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
