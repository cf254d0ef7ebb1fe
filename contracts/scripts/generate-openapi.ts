// Writes docs/openapi.json from the ts-rest contract (`npm run openapi`); with --check, exits 1 when the committed
// file is stale. A test runs the check, in a plain Node process like the generator itself.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from './openapi-document';

const target = join(import.meta.dirname, '../../docs/openapi.json');
const generated = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== generated) {
    console.error('docs/openapi.json is stale: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date');
} else {
  writeFileSync(target, generated);
  console.log(`wrote ${target}`);
}
