/**
 * The front-matter of the Markdown files in /content: `key: value` lines between `---` fences, where a value
 * is text or a `[a, b, c]` list. Deliberately tiny: the support assistant on the server reads the same files,
 * so the format stays this simple on purpose.
 */
export interface Document<Meta> {
  readonly meta: Meta;
  readonly body: string;
}

export type FrontMatterValue = string | string[];

export const parseFrontMatter = (source: string): Document<Record<string, FrontMatterValue>> => {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, FrontMatterValue> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) continue;
    const raw = pair[2]!.trim();
    meta[pair[1]!] =
      raw.startsWith('[') && raw.endsWith(']')
        ? raw
            .slice(1, -1)
            .split(',')
            .map((item) => unquote(item.trim()))
            .filter(Boolean)
        : unquote(raw);
  }
  return { meta, body: match[2]!.trim() };
};

const unquote = (value: string) => value.replace(/^(['"])(.*)\1$/, '$2');

export interface ArticleMeta {
  readonly title: string;
  readonly slug: string;
  readonly summary: string;
  readonly keywords: readonly string[];
  readonly date?: string;
  readonly category?: string;
}

/** Front-matter as an article: title, slug and summary are required, and a missing one is a build-time bug. */
export const toArticle = (path: string, source: string): Document<ArticleMeta> => {
  const { meta, body } = parseFrontMatter(source);
  const text = (key: string) => {
    const value = meta[key];
    return typeof value === 'string' ? value : undefined;
  };
  const title = text('title');
  const slug = text('slug');
  const summary = text('summary');
  if (!title || !slug || !summary) throw new Error(`${path}: front-matter needs title, slug and summary`);
  const keywords = meta.keywords;
  return {
    meta: {
      title,
      slug,
      summary,
      keywords: Array.isArray(keywords) ? keywords : keywords ? [keywords] : [],
      date: text('date'),
      category: text('category'),
    },
    body,
  };
};
