import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LibraryFilter } from './library-filter';

const folders = [
  { id: 'f1', name: 'Interviews' },
  { id: 'f2', name: 'Lectures' },
];

describe('LibraryFilter', () => {
  it('is a labelled select whose first choice shows everything, then the user’s choices in order', () => {
    const html = renderToStaticMarkup(
      <LibraryFilter
        label="Folder"
        ariaLabel="Show folder"
        anyLabel="All folders"
        value="f2"
        choices={folders}
        onChange={() => {}}
      />,
    );
    expect(html).toMatch(/^<label[^>]*>Folder<select aria-label="Show folder"/);
    expect([...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]])).toEqual([
      ['', 'All folders'],
      ['f1', 'Interviews'],
      ['f2', 'Lectures'],
    ]);
    expect(html).toMatch(/<option value="f2" selected="">Lectures/);
  });

  it('offers only the first choice while the library is loading', () => {
    const html = renderToStaticMarkup(
      <LibraryFilter
        label="Tag"
        ariaLabel="Show tag"
        anyLabel="Any tag"
        value=""
        choices={undefined}
        onChange={() => {}}
      />,
    );
    expect([...html.matchAll(/<option/g)]).toHaveLength(1);
    expect(html).toContain('>Any tag</option>');
  });
});
