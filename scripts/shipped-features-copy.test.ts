import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Users read the site, the help centre, the FAQ, the README and the support assistant's answers (built from the
// same content) to learn what Scrivo does. Copy written before a feature shipped kept denying it ("recording from
// your browser is coming soon") long after it worked. This fails when any of them calls a shipped feature missing.

const root = join(import.meta.dirname, '..');

/** Features that are built, each with the words copy uses for it (English, Spanish, French). */
const SHIPPED: Readonly<Record<string, RegExp>> = {
  'live recording':
    /\b(live recording|record(ing)? (live|from|straight|directly)|microphone|grabar|grabación|enregistr\w+ (direct|depuis))/i,
  'AI summaries': /\b(summar(y|ies)|resumen|résumé)/i,
  'speaker labels': /\b(speaker (labels?|separation)|diarization|separate speakers|hablantes|intervenants)/i,
  'the transcript editor':
    /\b(edit(ing|or)? (words|transcripts?)|in-place editing|editing in the browser|rename speakers?)/i,
  'translation beyond English':
    /\btranslat\w* (into|to) (languages other than English|Spanish|French|German)/i,
  'account deletion': /\bdelet\w+ (your|my) (whole )?account/i,
  'data download': /\b(download of all your data|download my data)/i,
};

/** Phrases that say a feature is missing. */
const DENIAL =
  /\b(coming soon|coming later|not (built|available) yet|not yet|is planned|are planned|planned feature|on (our|its) roadmap|próximamente|todavía no|bientôt|pas encore)\b/i;

const COPY_ROOTS = ['content', 'web/src/features/marketing', 'adapters/src/assistant/plans.ts', 'README.md'];

const files = (path: string): string[] => {
  const full = join(root, path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => join(full, name))
    .filter((file) => /\.(md|json|ts|tsx)$/.test(file) && !/\.(test|stories)\.tsx?$/.test(file));
};

/** Sentences (or list items, table rows, string literals) small enough that a denial in one is about what it names. */
const sentences = (text: string): string[] => text.split(/(?<=[.!?])\s+|\n+|',\s*'/);

const denials = (text: string): string[] => {
  const found: string[] = [];
  for (const sentence of sentences(text)) {
    if (!DENIAL.test(sentence)) continue;
    for (const [feature, words] of Object.entries(SHIPPED)) {
      if (words.test(sentence)) found.push(`${feature}: "${sentence.trim().slice(0, 160)}"`);
    }
  }
  return found;
};

describe('copy about what Scrivo does (site, help centre, FAQ, README, assistant)', () => {
  it('the check itself catches a denial of a shipped feature and lets true statements pass', () => {
    expect(denials('Recording straight from your browser is coming soon.')).toHaveLength(1);
    expect(denials("'AI summary (coming soon)',")).toHaveLength(1);
    expect(
      denials('Automatic speaker labels are coming soon; the bundled engine does not separate speakers yet.'),
    ).toHaveLength(1);
    expect(denials('Resumen con IA (próximamente)')).toHaveLength(1);
    expect(denials('Team workspaces are next. Live recording from the microphone has shipped.')).toEqual([]);
  });

  it('never calls a shipped feature missing', () => {
    const found = COPY_ROOTS.flatMap(files).flatMap((file) =>
      denials(readFileSync(file, 'utf8')).map((denial) => `${relative(root, file)}: ${denial}`),
    );
    expect(found).toEqual([]);
  });
});
