import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Checkbox, Input, Radio } from './input';

/** The attributes of the one element `element` renders (React decides their order). */
const attributes = (element: ReactElement) =>
  Object.fromEntries(
    [...renderToStaticMarkup(element).matchAll(/ ([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [
      name,
      value,
    ]),
  );

describe('Input, Checkbox and Radio', () => {
  it('an Input is the input it is given: its type, name and look come from the caller', () => {
    const html = renderToStaticMarkup(<Input type="search" aria-label="Search users" className="w-64" />);
    expect(html).toMatch(/^<input [^>]*\/>$/);
    expect(attributes(<Input type="search" aria-label="Search users" className="w-64" />)).toEqual({
      type: 'search',
      'aria-label': 'Search users',
      class: 'w-64',
    });
  });

  it('a Checkbox and a Radio are always of their type, whatever else they are told', () => {
    expect(attributes(<Checkbox aria-label="Select" defaultChecked />)).toEqual({
      type: 'checkbox',
      'aria-label': 'Select',
      checked: '',
    });
    expect(attributes(<Radio name="source" value="tab" />)).toEqual({
      type: 'radio',
      name: 'source',
      value: 'tab',
    });
  });
});
