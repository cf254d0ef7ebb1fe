// Builds every workspace: server code with SWC (keeps the decorator metadata NestJS needs), web and widget with Vite.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { log, root, run } from './lib.mjs';

const serverPackages = ['domain', 'contracts', 'adapters', 'api'];
const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);

for (const pkg of serverPackages.filter(wanted)) {
  log(`building ${pkg}`);
  rmSync(join(root, pkg, 'dist'), { recursive: true, force: true });
  // Run inside the package so --strip-leading-paths maps src/x.ts to dist/x.js.
  run(
    'npx',
    [
      'swc',
      'src',
      '-d',
      'dist',
      '--strip-leading-paths',
      '--config-file',
      '../.swcrc',
      '--ignore',
      'src/**/*.test.ts',
      '--quiet',
    ],
    { cwd: join(root, pkg) },
  );
}
if (wanted('web')) {
  log('building web');
  run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(root, 'web') });
}
if (wanted('widget')) {
  log('building widget');
  run('npm', ['run', 'build', '--if-present', '-w', 'widget']);
}
if (wanted('cli')) {
  // One file for the published package: the contracts (a private workspace) and their zod and ts-rest go inside it;
  // the CLI's own dependencies stay outside, installed with it.
  log('building cli');
  rmSync(join(root, 'cli', 'dist'), { recursive: true, force: true });
  run('npx', [
    'esbuild',
    'cli/src/main.ts',
    '--bundle',
    '--platform=node',
    '--format=esm',
    '--target=node20',
    '--conditions=source',
    '--external:commander',
    '--external:cli-progress',
    '--external:tus-js-client',
    '--outfile=cli/dist/main.js',
    '--log-level=warning',
  ]);
}
log('build complete');
