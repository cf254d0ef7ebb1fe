import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
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
});
