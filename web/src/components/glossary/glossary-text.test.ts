import { describe, expect, it } from 'vitest';
import { formatGlossary, parseGlossary } from './glossary-text';

describe('the glossary as typed on the Vocabulary page', () => {
  it('reads a term a line, with how it sounds after a colon', () => {
    expect(parseGlossary('Scrivo: scree-vo\n\n  Nguyen  \nRFC 9110: r f c ninety one ten\nKey:')).toEqual([
      { text: 'Scrivo', soundsLike: 'scree-vo' },
      { text: 'Nguyen' },
      { text: 'RFC 9110', soundsLike: 'r f c ninety one ten' },
      { text: 'Key' },
    ]);
  });

  it('writes back what it read', () => {
    const text = 'Scrivo: scree-vo\nNguyen';
    expect(formatGlossary(parseGlossary(text))).toBe(text);
  });
});
