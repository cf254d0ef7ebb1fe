import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter, toArticle } from './front-matter';

const contentDir = join(import.meta.dirname, '../../../../../content');

describe('front-matter', () => {
  it('reads text values, quoted values and lists', () => {
    const doc = parseFrontMatter(
      '---\ntitle: "Hello: world"\nslug: hello\nkeywords: [a, b c, "d"]\n---\n\n# Body\n',
    );
    expect(doc.meta).toEqual({ title: 'Hello: world', slug: 'hello', keywords: ['a', 'b c', 'd'] });
    expect(doc.body).toBe('# Body');
  });

  it('treats a file without front-matter as all body', () => {
    expect(parseFrontMatter('# Just text')).toEqual({ meta: {}, body: '# Just text' });
  });

  it('refuses an article without a title, slug or summary', () => {
    expect(() => toArticle('x.md', '---\ntitle: T\n---\nbody')).toThrow(/x.md/);
  });
});

describe('the content shipped in /content', () => {
  for (const folder of ['help', 'blog', 'guides']) {
    it(`${folder}: every article has a title, summary, keywords and a slug matching its file name`, () => {
      const files = readdirSync(join(contentDir, folder)).filter((f) => f.endsWith('.md'));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const { meta, body } = toArticle(file, readFileSync(join(contentDir, folder, file), 'utf8'));
        expect(meta.slug).toBe(file.replace(/\.md$/, ''));
        expect(meta.keywords.length).toBeGreaterThan(0);
        expect(body.length).toBeGreaterThan(200);
      }
    });
  }

  it('has at least twelve help-centre articles', () => {
    expect(
      readdirSync(join(contentDir, 'help')).filter((f) => f.endsWith('.md')).length,
    ).toBeGreaterThanOrEqual(12);
  });

  it('has about twenty-five blog articles, from the launch post to comparisons, accuracy and privacy', () => {
    const slugs = readdirSync(join(contentDir, 'blog')).map((f) => f.replace(/\.md$/, ''));
    expect(slugs.length).toBeGreaterThanOrEqual(24);
    for (const topic of [
      'introducing',
      'vs',
      'accura',
      'translat',
      'accessib',
      'legal',
      'srt',
      'podcast',
      'self-host',
      'privacy',
    ])
      expect(
        slugs.some((slug) => slug.includes(topic)),
        topic,
      ).toBe(true);
  });

  it('has the seven guides of the route table', () => {
    expect(readdirSync(join(contentDir, 'guides')).sort()).toEqual(
      [
        'ai-audio-transcription',
        'how-to-transcribe-audio-to-text',
        'legal-transcription',
        'medical-transcription',
        'podcast-transcription',
        'transcribe-m4a-to-text',
        'video-transcription-subtitles',
      ].map((slug) => `${slug}.md`),
    );
  });

  it('has FAQ files with the same prices in every language, and eight questions in French', () => {
    const faq = (lang: string) =>
      JSON.parse(readFileSync(join(contentDir, 'faq', `faq.${lang}.json`), 'utf8')) as {
        question: string;
        answer: string;
      }[];
    expect(faq('fr')).toHaveLength(8);
    for (const lang of ['en', 'es', 'fr']) {
      const text = JSON.stringify(faq(lang)).replace(/,(\d\d)/g, '.$1');
      for (const price of ['9.99', '4.49', '19.99', '9.49']) expect(text, lang).toContain(price);
      expect(text, lang).not.toMatch(/\$39|39 \$|349/);
    }
  });
});
