// Strict type checks of every workspace (each has its own lib and types: DOM for web, none for domain).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { log, root, run } from './lib.mjs';

for (const pkg of ['domain', 'contracts', 'adapters', 'api', 'web', 'widget']) {
  if (!existsSync(join(root, pkg, 'tsconfig.json'))) continue;
  log(`typecheck ${pkg}`);
  run('npx', ['tsc', '-p', pkg, '--noEmit']);
}
