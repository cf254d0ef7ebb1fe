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
log('build complete');
