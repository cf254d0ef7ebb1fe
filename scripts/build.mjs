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
  run('npx', [
    'swc',
    `${pkg}/src`,
    '-d',
    `${pkg}/dist`,
    '--strip-leading-paths',
    '--config-file',
    '.swcrc',
    '--ignore',
    '**/*.test.ts,**/*.conformance.ts',
    '--quiet',
  ]);
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
