/** @jsxImportSource preact */
import type { VNode } from 'preact';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

type Node = VNode<{ children?: unknown; href?: string; dangerouslySetInnerHTML?: unknown }>;

/** Every element of the rendered tree (the component is a pure function of its text). */
const elements = (source: string): Node[] => {
  const out: Node[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object' || !('type' in node)) return;
    const vnode = node as Node;
    if (typeof vnode.type === 'function') return walk((vnode.type as (p: unknown) => unknown)(vnode.props));
    out.push(vnode);
    walk(vnode.props.children);
  };
  walk(<Markdown source={source} />);
  return out;
};
const text = (node: unknown): string =>
  Array.isArray(node)
    ? node.map(text).join('')
    : typeof node === 'string' || typeof node === 'number'
      ? String(node)
      : node && typeof node === 'object' && 'props' in node
        ? text((node as Node).props.children)
        : '';

describe("the assistant's Markdown in the widget", () => {
  it('shows a GFM table as a table with its header cells', () => {
    const nodes = elements('| Plan | Minutes |\n|---|---|\n| **Premium** | 120 |');
    expect(nodes.filter((n) => n.type === 'th').map((n) => text(n))).toEqual(['Plan', 'Minutes']);
    expect(nodes.filter((n) => n.type === 'td').map((n) => text(n))).toEqual(['Premium', '120']);
    expect(nodes.some((n) => n.type === 'strong')).toBe(true);
  });

  it('keeps raw HTML as visible text and never links to script', () => {
    const nodes = elements(
      'Hi <img src=x onerror="alert(1)"> and [click](javascript:alert(1)) or [help](https://example.com/help)',
    );
    expect(nodes.some((n) => n.type === 'img')).toBe(false);
    expect(nodes.some((n) => n.props.dangerouslySetInnerHTML !== undefined)).toBe(false);
    expect(nodes.filter((n) => n.type === 'a').map((n) => n.props.href)).toEqual([
      'https://example.com/help',
    ]);
    expect(text(nodes[0])).toContain('<img src=x onerror="alert(1)">');
  });
});
