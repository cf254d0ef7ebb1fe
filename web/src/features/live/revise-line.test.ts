import { describe, expect, it } from 'vitest';
import { reviseLine } from './revise-line';

describe('a finished live line read again', () => {
  const finals = [
    { text: 'and so my fellow', start: 0.3, end: 1.4 },
    { text: 'americans ask not', start: 1.4, end: 2.9 },
    { text: 'what', start: 3.5, end: 3.8 },
  ];

  it('replaces the finals it covers with its cased and punctuated text, in their place', () => {
    expect(
      reviseLine(finals, { text: 'And so, my fellow Americans, ask not', start: 0.3, end: 2.9 }),
    ).toEqual([
      { text: 'And so, my fellow Americans, ask not', start: 0.3, end: 2.9 },
      { text: 'what', start: 3.5, end: 3.8 },
    ]);
  });

  it('changes nothing when it covers no final (already revised, or from before a reload)', () => {
    expect(reviseLine(finals, { text: 'Hello.', start: 10, end: 11 })).toBe(finals);
  });
});
