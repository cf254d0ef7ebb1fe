#!/usr/bin/env node
// The published package runs its bundle (dist/main.js, made by `node scripts/build.mjs cli`); inside the repository,
// before any build, the TypeScript sources run through tsx (with the workspaces' `source` condition), so
// `npx scrivo` works right after `npm ci`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const bundle = join(here, '..', 'dist', 'main.js');
if (existsSync(bundle)) {
  await import(pathToFileURL(bundle).href);
} else {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', join(here, '..', 'src', 'main.ts'), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  // Ctrl+C reaches both processes (one process group): the child stops cleanly, this one waits for it.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
}
