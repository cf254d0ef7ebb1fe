import { describe, expect, it } from 'vitest';
import { matchParts } from './highlight';

describe('search highlighting', () => {
  it('marks every occurrence of each searched word, ignoring case', () => {
    expect(matchParts('Ask not what your country can do', 'country ASK')).toEqual([
      { text: 'Ask', match: true },
      { text: ' not what your ', match: false },
      { text: 'country', match: true },
      { text: ' can do', match: false },
    ]);
  });
  it('treats regular-expression characters as text', () => {
    expect(matchParts('costs (a+b)?', '(a+b)?')).toEqual([
      { text: 'costs ', match: false },
      { text: '(a+b)?', match: true },
    ]);
  });
  it('leaves the text whole without a query', () => {
    expect(matchParts('anything', '  ')).toEqual([{ text: 'anything', match: false }]);
  });
});
