// Writes docs/openapi.json from the ts-rest contract. `npm run openapi`; a test fails when the file is stale.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from './openapi-document';

const target = join(import.meta.dirname, '../../docs/openapi.json');
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target}`);
