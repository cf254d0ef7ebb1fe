// Strict type checks of every workspace (each has its own lib and types: DOM for web, none for domain), and of the
// pact tests, which mix a client's DOM code with the API's Node test support and so have a tsconfig of their own.
// The benchmarks too: their figures are only as good as the code that measures them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { log, root, run } from './lib.mjs';

for (const pkg of [
  'domain',
  'contracts',
  'adapters',
  'api',
  'web',
  'widget',
  'cli',
  'web/pact',
  'widget/pact',
  'bench',
]) {
  if (!existsSync(join(root, pkg, 'tsconfig.json'))) continue;
  log(`typecheck ${pkg}`);
  run('npx', ['tsc', '-p', pkg, '--noEmit']);
}
