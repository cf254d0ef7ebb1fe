import { resolve } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

/**
 * The pact tests of the widget and of the admin pane (web/pact): consumer tests, then verification against the
 * real API started in the same file, which needs SWC for NestJS's decorator metadata. The root vitest config has
 * no project for these paths yet:  npx vitest run -c widget/vitest.pact.config.ts
 */
const root = resolve(import.meta.dirname, '..');
export default defineConfig({
  root,
  resolve: {
    alias: [
      { find: /^@scrivo\/(domain|contracts|adapters|api)\/(.+)$/, replacement: `${root}/$1/src/$2` },
      { find: /^@scrivo\/(domain|contracts|adapters|api)$/, replacement: `${root}/$1/src/index.ts` },
    ],
  },
  plugins: [
    swc.vite({
      jsc: {
        parser: { syntax: 'typescript', decorators: true, tsx: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'es6' },
    }),
  ],
  test: {
    include: ['widget/pact/**/*.pact.test.ts', 'web/pact/**/*.pact.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
