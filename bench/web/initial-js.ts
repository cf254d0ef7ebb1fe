// What JavaScript a visitor downloads before the landing page can paint, read from the built SPA (web/dist).
// Shared by bench/web/run.ts (the report) and web/e2e/budget.test.ts (the budget gate).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const DEFAULT_DIST = resolve(import.meta.dirname, '../../web/dist');
export const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

export interface Chunk {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** Why it is in the set: the HTML entry, a modulepreload link, the route's component, or a static import. */
  readonly reason: 'entry' | 'modulepreload' | 'route' | 'import';
  /** The app's own source files in it (from its source map, e.g. `src/features/marketing/landing/hero.tsx`). */
  readonly sources: readonly string[];
}

export interface InitialJs {
  readonly dist: string;
  /** Chunks the browser must run before the route's component can render. */
  readonly initial: readonly Chunk[];
  readonly initialGzipBytes: number;
  /** Chunks the landing page imports lazily (below-the-fold sections, the cookie banner): after first paint. */
  readonly lazy: readonly Chunk[];
  readonly lazyGzipBytes: number;
}

export class MissingBuildError extends Error {
  constructor(dist: string) {
    super(
      `No built SPA in ${dist}: run \`node scripts/build.mjs web\` first (this tool builds nothing itself).`,
    );
  }
}

const gzipLevel = 9;
const sum = (chunks: readonly Chunk[]) => chunks.reduce((total, c) => total + c.gzipBytes, 0);

/** `import{a}from"./x.js"` and `import"./x.js"` in Vite's minified output: loaded before the module runs. */
export const staticImports = (code: string): string[] =>
  [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);

/** `import("./x.js")`: loaded only when that code path runs. */
export const dynamicImports = (code: string): string[] =>
  [...code.matchAll(/\bimport\(\s*["']\.\/([^"']+\.js)["']\s*\)/g)].map((m) => m[1]!);

const htmlAssets = (html: string) => ({
  entries: [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!),
  preloads: [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/assets\/([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  ),
});

/**
 * The chunk TanStack Router's code splitting made of a route file's component, found through the source maps
 * (Vite names the chunk after the route, e.g. `routes-*.js` for routes/index.tsx, so the name alone is ambiguous).
 */
const mapSources = (assets: string, file: string): string[] => {
  const map = join(assets, `${file}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
};

/** A chunk TanStack Router split off a route file (a page of its own), as opposed to a lazy part of a page. */
const isRouteChunk = (assets: string, file: string) =>
  mapSources(assets, file).some((s) => s.includes('?tsr-split='));

const routeComponentChunk = (assets: string, routeFile: string): string | undefined => {
  const wanted = `src/routes/${routeFile}?tsr-split=component`;
  for (const map of readdirSync(assets).filter((f) => f.endsWith('.js.map'))) {
    const file = map.replace(/\.map$/, '');
    if (mapSources(assets, file).some((s) => s.endsWith(wanted))) return file;
  }
  // Not split (the route keeps its component in the main bundle): the entry's imports already cover it.
  return undefined;
};

/**
 * The landing route's initial JavaScript: the HTML's entry script and modulepreload links, the `/` route's
 * component chunk if the router split one off (it imports it before it renders the page) and everything those
 * import statically. Dynamic imports inside that set, other than other routes, are the page's lazy parts.
 */
export const measureInitialJs = (dist = DEFAULT_DIST, routeFile = 'index.tsx'): InitialJs => {
  const htmlPath = join(dist, 'index.html');
  if (!existsSync(htmlPath)) throw new MissingBuildError(dist);
  const assets = join(dist, 'assets');
  const read = (file: string) => readFileSync(join(assets, file));
  const chunk = (file: string, reason: Chunk['reason']): Chunk => {
    const bytes = read(file);
    const sources = mapSources(assets, file)
      .filter((source) => !source.includes('node_modules'))
      .map((source) => source.replace(/^(\.\.\/)+/, '').replace(/\?.*$/, ''));
    const gzipBytes = gzipSync(bytes, { level: gzipLevel }).length;
    return { file, bytes: bytes.length, gzipBytes, reason, sources };
  };

  const { entries, preloads } = htmlAssets(readFileSync(htmlPath, 'utf8'));
  if (entries.length === 0) throw new Error(`${htmlPath} has no module entry script`);
  const initial = new Map<string, Chunk>();
  if (!readdirSync(assets).some((f) => f.endsWith('.js.map')))
    throw new Error(`${assets} has no source maps: they are needed to find the route's chunk`);
  const routeChunk = routeComponentChunk(assets, routeFile);
  const queue: [string, Chunk['reason']][] = [
    ...entries.map((f) => [f, 'entry'] as [string, Chunk['reason']]),
    ...preloads.map((f) => [f, 'modulepreload'] as [string, Chunk['reason']]),
    ...(routeChunk ? [[routeChunk, 'route'] as [string, Chunk['reason']]] : []),
  ];
  while (queue.length > 0) {
    const [file, reason] = queue.shift()!;
    if (initial.has(file)) continue;
    initial.set(file, chunk(file, reason));
    for (const dep of staticImports(read(file).toString('utf8'))) queue.push([dep, 'import']);
  }

  // Lazy parts of the page (below-the-fold sections, the cookie banner): dynamic imports made by the initial
  // chunks, except the router's table of the other routes' chunks.
  const lazy = new Map<string, Chunk>();
  const lazyQueue = [...initial.values()]
    .flatMap((c) => dynamicImports(read(c.file).toString('utf8')))
    .filter((file) => !isRouteChunk(assets, file));
  while (lazyQueue.length > 0) {
    const file = lazyQueue.shift()!;
    if (initial.has(file) || lazy.has(file)) continue;
    lazy.set(file, chunk(file, 'import'));
    lazyQueue.push(...staticImports(read(file).toString('utf8')));
  }

  const initialChunks = [...initial.values()];
  const lazyChunks = [...lazy.values()];
  return {
    dist,
    initial: initialChunks,
    initialGzipBytes: sum(initialChunks),
    lazy: lazyChunks,
    lazyGzipBytes: sum(lazyChunks),
  };
};

/** Gzipped size of built assets by file name (files that are not in dist/assets, e.g. API calls, count 0). */
export const gzipOfAssets = (dist: string, files: readonly string[]): number =>
  files
    .map((file) => join(dist, 'assets', file))
    .filter((path) => existsSync(path))
    .reduce((total, path) => total + gzipSync(readFileSync(path), { level: gzipLevel }).length, 0);

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
