import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/conventions.md's walk-through ("pin a recording") is how a newcomer learns to add a command. It is replayed
 * against the code as it is, so it cannot drift: every file it names exists, every line it quotes from a file is
 * in that file, and the command reaches the API through at most five files outside the web app.
 */
const ROOT = resolve(import.meta.dirname, '..');
const doc = readFileSync(join(ROOT, 'docs/conventions.md'), 'utf8');
const walkthrough = doc.slice(
  doc.indexOf('## Walk-through'),
  doc.indexOf('\n## ', doc.indexOf('## Walk-through') + 1),
);

/** The numbered steps, each opening with the file it changes: `1. \`path\` ...`. */
const steps = [...walkthrough.matchAll(/^\d+\. `([^`]+)`([\s\S]*?)(?=^\d+\. |(?![\s\S]))/gm)].map(
  ([, file, text]) => ({ file: file!, text: text! }),
);
/** Quoted code that says "this line is in the file": an assignment, a call or a property in backticks. */
const quotedLines = (text: string) =>
  [...text.matchAll(/`([^`]+)`/g)]
    .map(([, code]) => code!)
    .filter((code) => /^(\w+: (run\(|r\.)|\w+\.with\()/.test(code));

describe('the walk-through in docs/conventions.md', () => {
  it('has its steps, each naming the file it changes', () => {
    expect(steps.length).toBeGreaterThanOrEqual(4);
  });

  it.each(steps)('names $file, which exists', ({ file }) => {
    expect(existsSync(join(ROOT, file)), file).toBe(true);
  });

  it('quotes only lines that are in the files it names', () => {
    const quotes = steps.flatMap(({ file, text }) => quotedLines(text).map((line) => ({ file, line })));
    expect(quotes.length).toBeGreaterThan(0);
    for (const { file, line } of quotes)
      expect(readFileSync(join(ROOT, file), 'utf8'), `${file} should hold ${line}`).toContain(line);
  });

  it('adds a command to an aggregate in at most five files outside the web app', () => {
    expect(steps.filter(({ file }) => !file.startsWith('web/')).length).toBeLessThanOrEqual(5);
  });
});
