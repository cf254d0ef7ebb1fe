import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GlossaryEditor, type GlossaryEditorProps } from './glossary-editor';

const props: GlossaryEditorProps = {
  saved: [{ text: 'Scrivo', soundsLike: 'scree-vo' }, { text: 'Nguyen' }],
  label: 'The workspace’s terms',
  saveLabel: 'Save glossary',
  saving: false,
  justSaved: false,
  errors: [null, undefined],
  onSave: () => undefined,
};

describe('the glossary editor', () => {
  it('gives members a text box and a save button', () => {
    const html = renderToStaticMarkup(<GlossaryEditor {...props} />);
    expect(html).toContain('<textarea');
    expect(html).toContain('The workspace’s terms</label>');
    expect(html).toContain('>Save glossary</button>');
    expect(html).not.toContain('role="alert"');
  });

  it('lists the terms to a viewer, with nothing to type in or save', () => {
    const html = renderToStaticMarkup(<GlossaryEditor {...props} readOnly />);
    expect(html).not.toContain('<textarea');
    expect(html).not.toContain('<button');
    expect(html).toContain('<li>Scrivo: scree-vo</li>');
    expect(html).toContain('<li>Nguyen</li>');
  });

  it('says so when a viewer opens an empty glossary', () => {
    expect(renderToStaticMarkup(<GlossaryEditor {...props} saved={[]} readOnly />)).toContain(
      'No terms yet.',
    );
  });

  it('shows what went wrong', () => {
    const html = renderToStaticMarkup(<GlossaryEditor {...props} errors={[null, new Error('boom')]} />);
    expect(html).toContain('<p role="alert" class="text-red-600">Something went wrong. Try again.</p>');
  });
});
