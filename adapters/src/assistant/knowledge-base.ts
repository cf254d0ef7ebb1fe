import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PLANS } from './plans';

/** A piece of help content small enough to answer one question with. */
export interface Passage {
  readonly id: string;
  /** The article (or FAQ / plans page) the passage belongs to: what the answer cites. */
  readonly slug: string;
  readonly title: string;
  /** Text that is searched but not shown: title, keywords, the FAQ question, the section heading. */
  readonly heading: string;
  /** What the assistant says when this passage is the best match. */
  readonly text: string;
}

interface FrontMatter {
  title?: string;
  slug?: string;
  summary?: string;
  keywords?: string[];
}

/** The small subset of YAML front matter the help articles use: `key: value` and `key: [a, b]`. */
const parseFrontMatter = (source: string): { meta: FrontMatter; body: string } => {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string | string[]> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const kv = /^(\w+):\s*(.*)$/.exec(line);
    if (!kv) continue;
    const value = kv[2]!.trim();
    meta[kv[1]!] = value.startsWith('[')
      ? value
          .slice(1, -1)
          .split(',')
          .map((v) => v.trim().replace(/^["']|["']$/g, ''))
          .filter(Boolean)
      : value.replace(/^["']|["']$/g, '');
  }
  return { meta: meta as FrontMatter, body: source.slice(match[0].length) };
};

/**
 * The Markdown a chat bubble shows (the widget renders it, tables included): headings become plain lines, code
 * blocks and images are dropped (too long for a bubble), links to other files keep only their text.
 */
export const chatMarkdown = (markdown: string): string =>
  markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\((?!https?:\/\/)[^)]*\)/g, '$1')
    .replace(/^#+\s*/gm, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Cut at the last whole line (a table keeps whole rows), or at a word when the first line alone is too long. */
const shorten = (text: string, max: number) => {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const line = head.lastIndexOf('\n');
  return line > max / 2 ? `${head.slice(0, line).trimEnd()}\n\n…` : `${head.replace(/\s+\S*$/, '')}…`;
};

const MAX_PASSAGE = 700;

const articlePassages = (file: string, source: string): Passage[] => {
  const { meta, body } = parseFrontMatter(source);
  const slug = meta.slug ?? file.replace(/\.md$/, '');
  const title = meta.title ?? slug;
  const keywords = (meta.keywords ?? []).join(' ');
  const sections = body.split(/^##\s+/m);
  const passages: Passage[] = [];
  sections.forEach((section, index) => {
    const [firstLine = '', ...rest] = section.split('\n');
    const heading = index === 0 ? '' : firstLine.trim();
    const text = chatMarkdown(index === 0 ? section.replace(/^#\s+.*$/m, '') : rest.join('\n'));
    if (!text) return;
    passages.push({
      id: `${slug}#${index}`,
      slug,
      title,
      heading: `${title} ${heading} ${keywords} ${index === 0 ? (meta.summary ?? '') : ''}`,
      text: shorten(text, MAX_PASSAGE),
    });
  });
  return passages;
};

const exists = async (path: string) =>
  readdir(path).then(
    () => true,
    () => false,
  );

/**
 * Reads the help centre (`help/*.md` with front matter), the FAQ (`faq/faq.<lang>.json`) and the plan data into
 * passages. Missing folders are skipped, so a deployment without content still answers plan questions.
 */
export const loadKnowledgeBase = async (contentDir: string): Promise<Passage[]> => {
  const passages: Passage[] = [];
  const helpDir = join(contentDir, 'help');
  if (await exists(helpDir)) {
    for (const file of (await readdir(helpDir)).filter((f) => f.endsWith('.md')).sort())
      passages.push(...articlePassages(file, await readFile(join(helpDir, file), 'utf8')));
  }
  const faqDir = join(contentDir, 'faq');
  if (await exists(faqDir)) {
    for (const file of (await readdir(faqDir)).filter((f) => /^faq\.[a-z]{2}\.json$/.test(f)).sort()) {
      const entries = JSON.parse(await readFile(join(faqDir, file), 'utf8')) as {
        question: string;
        answer: string;
      }[];
      const language = file.split('.')[1]!;
      entries.forEach((entry, i) =>
        passages.push({
          id: `faq-${language}-${i}`,
          slug: 'faq',
          title: language === 'en' ? 'FAQ' : `FAQ (${language})`,
          heading: `${entry.question} ${entry.question}`,
          text: entry.answer,
        }),
      );
    }
  }
  for (const [tier, plan] of Object.entries(PLANS))
    passages.push({
      id: `plan-${tier}`,
      slug: 'plans-and-minutes',
      title: 'Plans, prices and minutes',
      heading: `${plan.name} plan price cost minutes`,
      text: plan.summary,
    });
  return passages;
};
