import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assistantConformance } from './assistant.conformance';
import { EmbeddedAssistant } from './embedded-assistant';
import { loadKnowledgeBase } from './knowledge-base';

const contentDir = resolve(import.meta.dirname, '../../../content');

assistantConformance('EmbeddedAssistant', () => EmbeddedAssistant.fromContent(contentDir));

describe('the knowledge base', () => {
  it('reads help articles by section, every FAQ language and the plan data', async () => {
    const passages = await loadKnowledgeBase(contentDir);
    expect(passages.some((p) => p.slug === 'plans-and-minutes' && p.text.includes('120 minutes'))).toBe(true);
    expect(passages.filter((p) => p.slug === 'faq').map((p) => p.title)).toEqual(
      expect.arrayContaining(['FAQ', 'FAQ (es)', 'FAQ (fr)']),
    );
  });

  it('keeps the Markdown the chat renders: the price table stays a table, links to files keep their text', async () => {
    const passages = await loadKnowledgeBase(contentDir);
    const prices = passages.find((p) => p.id === 'plans-and-minutes#0')!;
    expect(prices.text).toContain('| Plan | Monthly | Weekly | Minutes |\n|---|---|---|---|');
    expect(prices.text).toContain(
      '| **Premium** | $9.99 (was $14.99) | $4.49 (was $7.49) | 120 minutes per month |',
    );
    expect(passages.every((p) => !/\]\((?!https?:)/.test(p.text) && !p.text.includes('```'))).toBe(true);
    expect(passages.every((p) => p.text.length <= 702)).toBe(true);
  });

  it('works from another folder and without any content (plan data only)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scrivo-help-'));
    mkdirSync(join(dir, 'help'));
    writeFileSync(
      join(dir, 'help', 'widgets.md'),
      '---\ntitle: Blue widgets\nslug: blue-widgets\nkeywords: [widget, blue]\n---\n# Blue widgets\n\n## Painting\n\nBlue widgets are painted with **cobalt** paint.\n',
    );
    const assistant = await EmbeddedAssistant.fromContent(dir);
    const answer = await assistant.answer({ question: 'What paint do blue widgets use?', user: null });
    expect(answer).toMatchObject({
      content: 'Blue widgets are painted with **cobalt** paint.',
      sources: [{ slug: 'blue-widgets' }],
    });
    const empty = await EmbeddedAssistant.fromContent(join(dir, 'missing'));
    expect((await empty.answer({ question: 'How much is Premium?', user: null })).content).toContain('9.99');
  });
});
