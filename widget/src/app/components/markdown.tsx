/** @jsxImportSource preact */
import { Lexer, type Token, type Tokens } from 'marked';
import type { ComponentChildren } from 'preact';

/**
 * The assistant's answers are Markdown (the help articles it quotes have lists and tables). marked parses them
 * (GFM tables included) and the tokens become Preact elements, never an HTML string: raw HTML in an answer stays
 * visible text, and only web and relative links become anchors, so nothing in an answer can run script.
 */
const safeHref = (href: string): string | null => {
  try {
    const url = new URL(href, typeof location === 'undefined' ? 'https://localhost/' : location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:'
      ? url.href
      : null;
  } catch {
    return null;
  }
};

const inline = (tokens: readonly Token[] | undefined): ComponentChildren =>
  (tokens ?? []).map((t, i) => inlineToken(t, i));

const inlineToken = (t: Token, key: number): ComponentChildren => {
  switch (t.type) {
    case 'strong':
      return <strong key={key}>{inline(t.tokens)}</strong>;
    case 'em':
      return <em key={key}>{inline(t.tokens)}</em>;
    case 'del':
      return <del key={key}>{inline(t.tokens)}</del>;
    case 'codespan':
      return <code key={key}>{t.text}</code>;
    case 'br':
      return <br key={key} />;
    case 'link': {
      const href = safeHref(t.href);
      if (!href) return <span key={key}>{inline(t.tokens)}</span>;
      return (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer">
          {inline(t.tokens)}
        </a>
      );
    }
    case 'text':
      return 'tokens' in t && t.tokens ? inline(t.tokens) : t.text;
    case 'escape':
      return t.text;
    default:
      // raw HTML and anything unknown: shown as the text that was written
      return t.raw;
  }
};

const cell = (c: Tokens.TableCell, header: boolean, key: number) => {
  const align = c.align ?? undefined;
  return header ? (
    <th key={key} scope="col" style={align ? { textAlign: align } : undefined}>
      {inline(c.tokens)}
    </th>
  ) : (
    <td key={key} style={align ? { textAlign: align } : undefined}>
      {inline(c.tokens)}
    </td>
  );
};

const block = (t: Token, key: number): ComponentChildren => {
  switch (t.type) {
    case 'paragraph':
      return <p key={key}>{inline(t.tokens)}</p>;
    case 'heading':
      return (
        <p key={key} class="md-heading">
          {inline(t.tokens)}
        </p>
      );
    case 'list': {
      const items = t.items.map((item: Tokens.ListItem, i: number) => (
        <li key={i}>
          {item.tokens.map((child, j) => (child.type === 'text' ? inlineToken(child, j) : block(child, j)))}
        </li>
      ));
      return t.ordered ? (
        <ol key={key} start={typeof t.start === 'number' ? t.start : undefined}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'table':
      return (
        <div key={key} class="md-table">
          <table>
            <thead>
              <tr>{t.header.map((c: Tokens.TableCell, i: number) => cell(c, true, i))}</tr>
            </thead>
            <tbody>
              {t.rows.map((row: Tokens.TableCell[], r: number) => (
                <tr key={r}>{row.map((c, i) => cell(c, false, i))}</tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'code':
      return (
        <pre key={key}>
          <code>{t.text}</code>
        </pre>
      );
    case 'blockquote':
      return <blockquote key={key}>{(t.tokens ?? []).map(block)}</blockquote>;
    case 'hr':
      return <hr key={key} />;
    case 'space':
      return null;
    case 'text':
      return <p key={key}>{'tokens' in t && t.tokens ? inline(t.tokens) : t.text}</p>;
    default:
      return <p key={key}>{t.raw}</p>;
  }
};

export const Markdown = ({ source }: { source: string }) => (
  <div class="msg-text md">{new Lexer({ gfm: true }).lex(source).map(block)}</div>
);
