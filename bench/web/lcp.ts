// Largest Contentful Paint of a page in headless Chromium, as the browser itself reports it.
import type { Browser } from 'playwright-core';

export interface PaintSample {
  /** Largest Contentful Paint, ms from navigation start. */
  readonly lcpMs: number;
  readonly fcpMs: number;
  /** The element the browser chose as the largest contentful paint (tag and a little text). */
  readonly lcpElement: string;
  /** Script files the page had fully received before its largest contentful paint. */
  readonly scriptsBeforeLcp: readonly string[];
}

interface Observed {
  lcp: number;
  element: string;
}

/**
 * Loads `url` in a fresh browser context (empty cache, no stored cookie choice) and reads the last
 * `largest-contentful-paint` entry once the page has settled (the browser stops emitting candidates at the first
 * input, so the test never interacts).
 */
export const measurePaint = async (
  browser: Browser,
  url: string,
  options: { width?: number; height?: number; cpuSlowdown?: number } = {},
): Promise<PaintSample> => {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  try {
    await context.addInitScript(() => {
      const observed: Observed = { lcp: 0, element: '' };
      (window as unknown as { __lcp: Observed }).__lcp = observed;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          observed.lcp = entry.startTime;
          const el = entry.element;
          observed.element = el
            ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`
            : '';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    if (options.cpuSlowdown && options.cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    }
    await page.goto(url, { waitUntil: 'load' });
    // The router paints a pending spinner while the route's chunk loads: wait for the page's own heading, then
    // for a quiet second without a new candidate.
    await page.locator('h1').first().waitFor({ state: 'visible', timeout: 30_000 });
    let last = -1;
    for (;;) {
      await page.waitForTimeout(1000);
      const now = await page.evaluate(() => (window as unknown as { __lcp: Observed }).__lcp.lcp);
      if (now === last) break;
      last = now;
    }
    const heading = (await page.locator('h1').first().textContent()) ?? '';
    if (/error/i.test(heading)) throw new Error(`${url} rendered "${heading}" instead of the page`);
    return await page.evaluate(() => {
      const { lcp, element } = (window as unknown as { __lcp: Observed }).__lcp;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter(
          (r) =>
            r.initiatorType !== 'fetch' && /\.js$/.test(new URL(r.name).pathname) && r.responseEnd <= lcp,
        )
        .map((r) => new URL(r.name).pathname.replace(/^\/assets\//, ''));
      return { lcpMs: lcp, fcpMs: fcp, lcpElement: element, scriptsBeforeLcp: scripts };
    });
  } finally {
    await context.close();
  }
};

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest-rank: with few runs p95 is the slowest run, which is the honest reading.
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
};
