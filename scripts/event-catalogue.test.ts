import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const domain = join(root, 'domain/src');

/**
 * Every event type the domain declares: `DomainEvent<'Name', ...>` in each feature's events.ts, and in the files of
 * the capabilities written as slices, which declare their own events (`recordings/recording/slices.ts`).
 */
const declaredEvents = (): Map<string, string> => {
  const found = new Map<string, string>();
  for (const feature of readdirSync(domain, { withFileTypes: true })) {
    if (!feature.isDirectory() || feature.name === 'kernel') continue;
    const files = readdirSync(join(domain, feature.name), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    for (const file of files)
      for (const match of readFileSync(join(domain, feature.name, file), 'utf8').matchAll(
        /DomainEvent<\s*'([A-Za-z]+)'/g,
      ))
        found.set(match[1]!, feature.name);
  }
  return found;
};

/** Event names the catalogue documents: `Name` in backticks at the start of a table row or in a heading. */
const documentedEvents = (): Set<string> => {
  const text = readFileSync(join(root, 'docs/events.md'), 'utf8');
  const names = new Set<string>();
  for (const m of text.matchAll(/^(?:\|\s*|#+\s*)`([A-Z][A-Za-z]+)`/gm)) names.add(m[1]!);
  return names;
};

describe('docs/events.md, the event catalogue', () => {
  it('documents every event the domain declares', () => {
    const documented = documentedEvents();
    const missing = [...declaredEvents()]
      .filter(([name]) => !documented.has(name))
      .map(([n, f]) => `${f}: ${n}`);
    expect(missing).toEqual([]);
  });

  it('documents no event the domain no longer declares', () => {
    const declared = declaredEvents();
    expect([...documentedEvents()].filter((name) => !declared.has(name))).toEqual([]);
  });
});
