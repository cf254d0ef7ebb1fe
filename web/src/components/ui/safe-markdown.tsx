import { Lexer, type Token, type Tokens } from 'marked';
import type { ReactNode } from 'react';

/**
 * Markdown that someone else wrote (the support assistant's answers): marked parses it (GFM tables included) and
 * its tokens become React elements, never an HTML string, so raw HTML in it stays visible text and only web and
 * mail links become anchors. The same approach as the chat widget's renderer (widget/src/app/components/
 * markdown.tsx), which is Preact and so cannot be shared as a component.
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

const inline = (tokens: readonly Token[] | undefined): ReactNode =>
  (tokens ?? []).map((t, i) => inlineToken(t, i));

const inlineToken = (t: Token, key: number): ReactNode => {
  switch (t.type) {
    case 'strong':
      return <strong key={key}>{inline(t.tokens)}</strong>;
    case 'em':
      return <em key={key}>{inline(t.tokens)}</em>;
    case 'del':
      return <del key={key}>{inline(t.tokens)}</del>;
    case 'codespan':
      return (
        <code key={key} className="rounded bg-slate-100 px-1">
          {t.text}
        </code>
      );
    case 'br':
      return <br key={key} />;
    case 'link': {
      const href = safeHref(t.href);
      if (!href) return <span key={key}>{inline(t.tokens)}</span>;
      return (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer" className="underline">
          {inline(t.tokens)}
        </a>
      );
    }
    case 'text':
      return 'tokens' in t && t.tokens ? <span key={key}>{inline(t.tokens)}</span> : t.text;
    case 'escape':
      return t.text;
    default:
      // raw HTML and anything unknown: shown as the text that was written
      return t.raw;
  }
};

const cell = (c: Tokens.TableCell, header: boolean, key: number) => {
  const style = c.align ? { textAlign: c.align } : undefined;
  return header ? (
    <th key={key} scope="col" style={style} className="border-b border-slate-300 px-2 py-1 font-semibold">
      {inline(c.tokens)}
    </th>
  ) : (
    <td key={key} style={style} className="border-t border-slate-200 px-2 py-1">
      {inline(c.tokens)}
    </td>
  );
};

const block = (t: Token, key: number): ReactNode => {
  switch (t.type) {
    case 'paragraph':
      return <p key={key}>{inline(t.tokens)}</p>;
    case 'heading':
      return (
        <p key={key} className="font-semibold">
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
        <ol key={key} start={typeof t.start === 'number' ? t.start : undefined} className="ml-5 list-decimal">
          {items}
        </ol>
      ) : (
        <ul key={key} className="ml-5 list-disc">
          {items}
        </ul>
      );
    }
    case 'table':
      return (
        <div key={key} className="overflow-x-auto">
          <table className="text-left text-sm">
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
        <pre key={key} className="overflow-x-auto rounded bg-slate-100 p-2">
          <code>{t.text}</code>
        </pre>
      );
    case 'blockquote':
      return (
        <blockquote key={key} className="border-l-2 border-slate-300 pl-2">
          {(t.tokens ?? []).map(block)}
        </blockquote>
      );
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

export function SafeMarkdown({ source, className }: { source: string; className?: string }) {
  return (
    <div className={`flex flex-col gap-2 break-words ${className ?? ''}`}>
      {new Lexer({ gfm: true }).lex(source).map(block)}
    </div>
  );
}
