import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureWidget } from './widget-size';

const built = existsSync(resolve(import.meta.dirname, '../../widget/dist/widget.js'));

describe('widget size budgets (after node scripts/build.mjs widget)', () => {
  it.skipIf(!built)('keeps the loader under 5 KB and the app under 60 KB gzipped', () => {
    const { loader, app, budgets } = measureWidget();
    expect(loader).toBeLessThanOrEqual(budgets.loader);
    expect(app).toBeLessThanOrEqual(budgets.app);
  });
});
