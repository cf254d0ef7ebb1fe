import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_BYTES, kb, measureInitialJs } from '../../bench/web/initial-js';

// A size check on the built SPA (needs `node scripts/build.mjs web`), not a timing: the timings are in bench/web.
describe('the landing page JavaScript budget', () => {
  const js = measureInitialJs();

  it('keeps the initial JavaScript of / at most 150 KB gzipped', () => {
    const detail = js.initial.map((c) => `${c.file} ${kb(c.gzipBytes)}`).join(', ');
    expect(js.initialGzipBytes, `initial JS ${kb(js.initialGzipBytes)}: ${detail}`).toBeLessThanOrEqual(
      INITIAL_JS_BUDGET_BYTES,
    );
  });

  it("counts the route's own component chunk, not just the entry", () => {
    expect(js.initial.map((c) => c.reason)).toEqual(expect.arrayContaining(['entry', 'route', 'import']));
  });

  it('leaves the below-the-fold sections and the cookie banner out of the first download', () => {
    const lazy = js.lazy.map((c) => c.file);
    for (const part of ['live-demo', 'site-footer', 'cookie-banner'])
      expect(
        lazy.some((file) => file.startsWith(`${part}-`)),
        part,
      ).toBe(true);
    expect(
      js.initial.some((c) => c.file.startsWith('dashboard-')),
      'no signed-in app code',
    ).toBe(false);
  });
});
