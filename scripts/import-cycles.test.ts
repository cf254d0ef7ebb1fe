import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const sourceRoots = ['web/src', 'widget/src', 'domain/src', 'api/src'];

/**
 * Import cycles that exist today, each as its files sorted by path. They are exempt so that any new cycle (or a new
 * file pulled into a known one) fails; remove an entry when its cycle is broken.
 */
const knownCycles: string[][] = [];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });

// Static imports and re-exports only: `import type` is erased, and a dynamic import() runs later, so neither can
// leave a module half-initialised the way a cycle of value imports can.
const staticImport = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

const resolveImport = (from: string, specifier: string): string | undefined => {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
};

const importGraph = (): Map<string, string[]> => {
  const graph = new Map<string, string[]>();
  for (const file of sourceRoots.flatMap((dir) => sourceFiles(join(root, dir)))) {
    const source = readFileSync(file, 'utf8');
    const targets = [...source.matchAll(staticImport)].flatMap(([, specifier]) => {
      const target = specifier && resolveImport(file, specifier);
      return target ? [relative(root, target)] : [];
    });
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
};

/**
 * The files that import each other in a circle: the strongly connected components of the graph (Tarjan) with more
 * than one file, or a file that imports itself. Each is sorted, so one tangle is one stable entry however it grows.
 */
const findCycles = (graph: Map<string, string[]>): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return cycles;
};

describe('import cycles in web, widget, domain and api', () => {
  it('finds none beyond the known ones', () => {
    const known = new Set(knownCycles.map((cycle) => cycle.join(' <-> ')));
    const fresh = findCycles(importGraph())
      .map((cycle) => cycle.join(' <-> '))
      .filter((cycle) => !known.has(cycle));
    expect(fresh, 'break the cycle, e.g. by moving what both files need into a third module').toEqual([]);
  });

  it('recognises a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
      ['e.ts', ['e.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });
});
