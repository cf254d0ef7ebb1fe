import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a plain button by default, so it never submits a form by accident', () => {
    expect(renderToStaticMarkup(<Button>Save</Button>)).toMatch(
      /^<button type="button"[^>]*>Save<\/button>$/,
    );
  });

  it('while busy is disabled, tells screen readers, and says what it is doing', () => {
    const html = renderToStaticMarkup(
      <Button type="submit" busy busyLabel="Signing in...">
        Sign In
      </Button>,
    );
    expect(html).toContain('type="submit"');
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('>Signing in...</button>');
  });

  it('keeps its label when busy without a busy label, and is enabled again once done', () => {
    expect(renderToStaticMarkup(<Button busy>Sign In</Button>)).toContain('>Sign In</button>');
    const done = renderToStaticMarkup(<Button busy={false}>Sign In</Button>);
    expect(done).not.toContain('disabled=""');
    expect(done).not.toContain('aria-busy');
  });

  it('fills a form by default and shrinks to its text when compact; a link-like one has no box', () => {
    expect(renderToStaticMarkup(<Button>Save</Button>)).toContain('w-full');
    expect(renderToStaticMarkup(<Button size="compact">Save</Button>)).not.toContain('w-full');
    expect(renderToStaticMarkup(<Button variant="link">Forgot password?</Button>)).not.toContain('px-4');
  });

  it('when unstyled wears only the classes it is given, and still never submits by accident', () => {
    expect(
      renderToStaticMarkup(
        <Button variant="unstyled" className="underline">
          Open
        </Button>,
      ),
    ).toBe('<button type="button" class="underline">Open</button>');
    expect(renderToStaticMarkup(<Button variant="unstyled">Open</Button>)).toBe(
      '<button type="button">Open</button>',
    );
  });
});
