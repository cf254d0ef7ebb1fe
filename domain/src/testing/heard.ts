// Speech models write the same clip slightly differently on different processors ("leichenhaler" for
// "leichenhalle"), so a test that a transcript holds what was said compares words with a tolerance, never
// an exact string from one clip.

/**
 * Lower case words without punctuation ("Americans," and "americans" are one word). Numbers are left out on both
 * sides: they are cue numbers and timestamps in subtitle exports, not speech.
 */
export const spokenWords = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !/^\p{N}+$/u.test(word));

const editDistance = (a: readonly string[], b: readonly string[]): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length]!;
};

/** Word error rate of `heard` against `said` (substitutions, insertions and deletions over the words said). */
export const wordErrorRate = (said: string, heard: string): number => {
  const reference = spokenWords(said);
  return reference.length === 0 ? 0 : editDistance(reference, spokenWords(heard)) / reference.length;
};

/**
 * How far the closest stretch of `text` is from `phrase`: 0 when the phrase is there word for word, 0.125 when one
 * word of eight differs. For transcripts and exports that hold a known phrase among other words and timestamps.
 */
export const phraseErrorRate = (phrase: string, text: string): number => {
  const said = spokenWords(phrase);
  const words = spokenWords(text);
  if (said.length === 0) return 0;
  let best = 1;
  for (let start = 0; start < Math.max(1, words.length); start++) {
    for (const length of [said.length - 1, said.length, said.length + 1]) {
      const window = words.slice(start, start + length);
      best = Math.min(best, editDistance(said, window) / said.length);
    }
  }
  return best;
};

/** The error rate below which a phrase counts as heard: one word in four may differ. */
export const HEARD = 0.25;

/** True when `text` holds `phrase` within {@link HEARD}. */
export const heard = (phrase: string, text: string): boolean => phraseErrorRate(phrase, text) <= HEARD;

/**
 * The share of the words said that appear anywhere in `text`, each as often as it was said. Live captions of a
 * looping clip break and respell a sentence differently from one run to another, so a test that they are in the
 * right language asks for most of its words rather than one exact stretch.
 */
export const wordRecall = (said: string, text: string): number => {
  const reference = spokenWords(said);
  if (reference.length === 0) return 1;
  const left = new Map<string, number>();
  for (const word of spokenWords(text)) left.set(word, (left.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of reference) {
    const count = left.get(word) ?? 0;
    if (count > 0) {
      found += 1;
      left.set(word, count - 1);
    }
  }
  return found / reference.length;
};
