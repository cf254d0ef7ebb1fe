import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SafeMarkdown } from './safe-markdown';

const render = (source: string) => renderToStaticMarkup(<SafeMarkdown source={source} />);

describe('Markdown from the support assistant', () => {
  it('shows a GFM table as a table with its header cells', () => {
    const html = render('| Plan | Minutes |\n|---|---|\n| **Premium** | 120 |');
    expect(html).toMatch(/<th scope="col"[^>]*>Plan<\/th>/);
    expect(html).toMatch(/<td[^>]*><strong>Premium<\/strong><\/td>/);
    expect(html).not.toContain('|---');
  });

  it('keeps raw HTML as visible text and never links to script', () => {
    const html = render(
      'Hi <img src=x onerror="alert(1)"> and [click](javascript:alert(1)) or [help](https://example.com/help)',
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="https://example.com/help"');
  });
});
