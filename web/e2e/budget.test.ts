import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_BYTES, kb, measureInitialJs } from '../../bench/web/initial-js';

// A size check on the built SPA (needs `node scripts/build.mjs web`), not a timing: the timings are in bench/web.
describe('the landing page JavaScript budget', () => {
  const js = measureInitialJs();
  const sources = (chunks: typeof js.initial) => chunks.flatMap((c) => c.sources);

  it('keeps the initial JavaScript of / at most 150 KB gzipped', () => {
    const detail = js.initial.map((c) => `${c.file} ${kb(c.gzipBytes)}`).join(', ');
    expect(js.initialGzipBytes, `initial JS ${kb(js.initialGzipBytes)}: ${detail}`).toBeLessThanOrEqual(
      INITIAL_JS_BUDGET_BYTES,
    );
  });

  it('counts the code the landing page renders with, not just the entry', () => {
    expect(sources(js.initial)).toEqual(
      expect.arrayContaining([
        'src/routes/index.tsx',
        'src/features/marketing/landing/landing-page.tsx',
        'src/features/marketing/landing/hero.tsx',
        'src/features/marketing/i18n/en.ts',
      ]),
    );
  });

  it('leaves the below-the-fold sections, the cookie banner and the signed-in app out of the first download', () => {
    expect(sources(js.lazy)).toEqual(
      expect.arrayContaining([
        'src/features/marketing/landing/live-demo.tsx',
        'src/features/marketing/landing/site-footer.tsx',
        'src/features/consent/cookie-banner.tsx',
      ]),
    );
    // Route search-param schemas stay in the main bundle by design (the router needs them to match a URL).
    const screens = /features\/(recordings|transcript|admin-chat|account)\/.*\.tsx$/;
    expect(sources(js.initial).filter((s) => screens.test(s))).toEqual([]);
  });
});
