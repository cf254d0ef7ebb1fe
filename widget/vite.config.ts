import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * Two builds into dist/: the default one is the frame (frame.html + the Preact app under assets/), served by the
 * API at /widget/; `--mode loader` is the one-file loader (widget.js) that site owners include with a script tag.
 */
export default defineConfig(({ mode }) =>
  mode === 'loader'
    ? {
        resolve: { conditions: ['source'] },
        build: {
          emptyOutDir: false,
          target: 'es2019',
          lib: {
            entry: resolve(import.meta.dirname, 'src/loader/loader.ts'),
            formats: ['iife'],
            name: 'ScrivoChatLoader',
            fileName: () => 'widget.js',
          },
        },
      }
    : {
        base: '/widget/',
        resolve: { conditions: ['source'] },
        esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
        build: { target: 'es2020', rollupOptions: { input: resolve(import.meta.dirname, 'frame.html') } },
      },
);
