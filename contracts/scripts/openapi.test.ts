import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi-document';

describe('docs/openapi.json', () => {
  it('is generated from the current contract (run `npm run openapi` after changing contracts/)', () => {
    const committed = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../docs/openapi.json'), 'utf8'),
    ) as unknown;
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });
});
