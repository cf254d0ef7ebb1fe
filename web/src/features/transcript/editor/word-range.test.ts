import { describe, expect, it } from 'vitest';
import { selectedWords, wordAtCursor } from './word-range';

const word = (text: string) => ({ text, start: 0, end: 0, probability: 1 });
const segment = { words: [' And', ' so,', ' my', ' fellow', ' Americans'].map(word) };
const text = 'And so, my fellow Americans';

describe('finding words in a line of the editor', () => {
  it('takes every word a selection touches, even partly', () => {
    expect(selectedWords(text, segment, text.indexOf('my'), text.indexOf('fellow') + 3)).toEqual({
      from: 2,
      to: 3,
    });
    expect(selectedWords(text, segment, 0, text.length)).toEqual({ from: 0, to: 4 });
    expect(selectedWords(text, segment, 3, 4)).toBeNull();
  });

  it('splits before the word under the cursor, or the next word when the cursor is between words', () => {
    expect(wordAtCursor(text, segment, text.indexOf('fellow'))).toBe(3);
    expect(wordAtCursor(text, segment, text.indexOf('fellow') + 2)).toBe(3);
    expect(wordAtCursor(text, segment, text.indexOf(' my'))).toBe(2);
    expect(wordAtCursor(text, segment, text.length)).toBe(5);
  });

  it('cuts a line without word times at its spaces', () => {
    expect(selectedWords('one two three', { words: [] }, 4, 7)).toEqual({ from: 1, to: 1 });
  });
});
