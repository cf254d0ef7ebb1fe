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

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        resolve: { alias },
        test: { name: 'domain', include: ['domain/src/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        plugins: [decorators],
        test: {
          name: 'server',
          include: [
            'contracts/**/*.test.ts',
            'adapters/**/*.test.ts',
            'api/**/*.test.ts',
            'scripts/**/*.test.ts',
            'cli/**/*.test.ts',
            'bench/**/*.test.ts',
            // Pact: consumer tests and, in the same file, their verification against the real API.
            'web/pact/**/*.test.ts',
            'widget/pact/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}', 'widget/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        resolve: { alias },
        plugins: [decorators],
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.test.ts', 'widget/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
