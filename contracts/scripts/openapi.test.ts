import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';

describe('docs/openapi.json', () => {
  it('is generated from the current contract (run `npm run openapi` after changing contracts/)', () => {
    // The generator runs in its own Node process: inside Vitest, zod would be loaded twice (ESM and CommonJS)
    // and the OpenAPI generator's instanceof checks would describe some schemas differently.
    const result = spawnSync(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', join(import.meta.dirname, 'generate-openapi.ts'), '--check'],
      { encoding: 'utf8' },
    );
    expect(result.stderr + result.stdout).toContain('up to date');
    expect(result.status).toBe(0);
  });

  const documentPath = join(import.meta.dirname, '../../docs/openapi.json');
  const document = () =>
    JSON.parse(readFileSync(documentPath, 'utf8')) as {
      paths: Record<string, Record<string, { requestBody?: { required?: boolean }; responses: object }>>;
    };

  it('is a valid OpenAPI 3.0 document (schema and semantics, by swagger-parser)', async () => {
    await expect(SwaggerParser.validate(documentPath)).resolves.toMatchObject({ openapi: '3.0.2' });
  });

  it('marks every request body required and documents error answers on every operation', () => {
    for (const [path, item] of Object.entries(document().paths))
      for (const [method, operation] of Object.entries(item)) {
        if (operation.requestBody) expect(operation.requestBody.required, `${method} ${path}`).toBe(true);
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain('default');
        if (method !== 'get') expect(Object.keys(operation.responses), `${method} ${path}`).toContain('403');
      }
    expect(document().paths['/api/recordings']!['post']!.requestBody).toBeDefined();
  });
});
