// Web benchmark: the landing page's initial JavaScript (gzipped) and its Largest Contentful Paint in headless
// Debian Chromium. Not a test: run it by hand after `node scripts/build.mjs web` (it builds nothing itself).
//   node --conditions=source --import tsx bench/web/run.ts [--runs=9] [--cpu=4] [--width=360] [--dist=web/dist]
//     [--url=http://host:port]
// Without --url the built SPA is served by the API's own SPA middleware (api/src/spa/spa.ts) on 127.0.0.1, with
// /api answering 401 as it does for a signed-out visitor; with --url a running Scrivo server is measured instead.
import express from 'express';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { serveSpa } from '../../api/src/spa/spa';
import { launchBrowser } from '../../web/e2e/support/browser';
import {
  DEFAULT_DIST,
  gzipOfAssets,
  INITIAL_JS_BUDGET_BYTES,
  kb,
  measureInitialJs,
  MissingBuildError,
} from './initial-js';
import { measurePaint, percentile } from './lcp';

const LCP_TARGET_MS = 2000;
const PATHS = ['/', '/es', '/fr'];

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }),
);
const runs = Number(args.get('runs') ?? 9);
const cpuSlowdown = Number(args.get('cpu') ?? 1);
const width = Number(args.get('width') ?? 1280);
const progress = (message: string) => process.stderr.write(`${message}\n`);

const serveDist = async (dist: string): Promise<{ url: string; server: Server }> => {
  const app = express();
  app.use('/api', (_req, res) => {
    res.status(401).json({ error: 'Unauthorized', code: 'unauthenticated', message: 'Sign in first.' });
  });
  serveSpa(app, dist);
  const server = await new Promise<Server>((done) => {
    const s = app.listen(0, '127.0.0.1', () => done(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
};

const main = async () => {
  let js;
  try {
    // Other people rebuild web/dist while this runs; measure a private copy so every run sees the same build.
    const source = args.get('dist') ?? DEFAULT_DIST;
    if (!existsSync(join(source, 'index.html'))) throw new MissingBuildError(source);
    const snapshot = mkdtempSync(join(tmpdir(), 'scrivo-web-bench-'));
    cpSync(source, snapshot, { recursive: true });
    process.on('exit', () => rmSync(snapshot, { recursive: true, force: true }));
    js = measureInitialJs(snapshot);
  } catch (error) {
    if (error instanceof MissingBuildError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  progress(`initial JS of / : ${kb(js.initialGzipBytes)} gzipped in ${js.initial.length} chunks`);

  const served = args.has('url') ? undefined : await serveDist(js.dist);
  const base = args.get('url') ?? served!.url;
  const browser = await launchBrowser();
  const lcp: Record<
    string,
    { median: number; p95: number; fcpMedian: number; element: string; all: number[] }
  > = {};
  let scriptsBeforeLcp: readonly string[] = [];
  try {
    // One throwaway load warms Chromium itself (first launch of its renderer), not the page's cache.
    await measurePaint(browser, base + '/', { width, cpuSlowdown });
    for (const path of PATHS) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const sample = await measurePaint(browser, base + path, { width, cpuSlowdown });
        samples.push(sample);
        progress(`${path} run ${i + 1}/${runs}: LCP ${sample.lcpMs.toFixed(0)} ms (${sample.lcpElement})`);
      }
      if (path === '/') scriptsBeforeLcp = samples.at(-1)!.scriptsBeforeLcp;
      const values = samples.map((s) => s.lcpMs);
      lcp[path] = {
        median: percentile(values, 50),
        p95: percentile(values, 95),
        fcpMedian: percentile(
          samples.map((s) => s.fcpMs),
          50,
        ),
        element: samples.at(-1)!.lcpElement,
        all: values.map((v) => Math.round(v)),
      };
    }
  } finally {
    await browser.close();
    served?.server.close();
  }

  const initialFiles = new Set(js.initial.map((c) => c.file));
  // The browser's own view: which scripts had arrived when the largest paint happened (the lazy sections often
  // have too, since they are requested while the page renders).
  const unexpected = scriptsBeforeLcp.filter(
    (f) => !initialFiles.has(f) && !js.lazy.some((c) => c.file === f),
  );
  const beforeLcpGzip = gzipOfAssets(js.dist, scriptsBeforeLcp);
  const summary = {
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`,
    settings: { runs, cpuSlowdown, width, server: args.get('url') ?? 'api/src/spa/spa.ts on 127.0.0.1' },
    initialJs: {
      gzipBytes: js.initialGzipBytes,
      budgetBytes: INITIAL_JS_BUDGET_BYTES,
      chunks: js.initial.map((c) => `${c.file} (${c.reason}) ${kb(c.gzipBytes)}`),
      lazyAfterPaint: js.lazy.map((c) => `${c.file} ${kb(c.gzipBytes)}`),
      scriptsTheBrowserLoadedBeforeLcp: scriptsBeforeLcp,
      scriptsBeforeLcpGzipBytes: beforeLcpGzip,
      loadedBeforeLcpButNeitherInitialNorLazy: unexpected,
    },
    lcp,
  };
  console.log(JSON.stringify(summary, null, 2));

  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const jsOk = js.initialGzipBytes <= INITIAL_JS_BUDGET_BYTES;
  console.log('\n| Measurement | Result | Target |\n|---|---|---|');
  console.log(
    `| Initial JS of / (entry + route chunks, gzip -9) | ${kb(js.initialGzipBytes)} in ${js.initial.length} files | <= 150 KB (${verdict(jsOk)}) |`,
  );
  console.log(
    `| Lazy JS of / (below-the-fold sections, cookie banner) | ${kb(js.lazyGzipBytes)} in ${js.lazy.length} files | - |`,
  );
  console.log(
    `| JS the browser had received before LCP on / (last run) | ${kb(beforeLcpGzip)} in ${scriptsBeforeLcp.length} files | - |`,
  );
  for (const path of PATHS) {
    const r = lcp[path]!;
    console.log(
      `| LCP ${path}: median / p95 of ${runs} (FCP median) | ${r.median.toFixed(0)} / ${r.p95.toFixed(0)} ms (${r.fcpMedian.toFixed(0)} ms) | < 2,000 ms (${verdict(r.p95 < LCP_TARGET_MS)}) |`,
    );
  }
  const allOk = jsOk && PATHS.every((p) => lcp[p]!.p95 < LCP_TARGET_MS) && unexpected.length === 0;
  process.exit(allOk ? 0 : 1);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
