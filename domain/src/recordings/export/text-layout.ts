/** Languages written without spaces between words: their word tokens join with nothing. */
const UNSPACED = new Set(['ja', 'zh', 'yue', 'th', 'lo', 'km', 'my', 'bo']);

export const joinWords = (words: readonly string[], language: string): string =>
  words
    .map((w) => w.trim())
    .filter((w) => w.length > 0)
    .join(UNSPACED.has(language) ? '' : ' ');

/** Characters as people count them (code points, so an emoji or a CJK character counts once). */
export const visibleLength = (text: string): number => [...text].length;

/** Splits text into pieces no longer than `max`, at spaces where there are any, else between characters. */
const hardSplit = (text: string, max: number): string[] => {
  const out: string[] = [];
  let line = '';
  for (const token of text.split(/(\s+)/)) {
    if (/^\s+$/.test(token)) {
      if (line) line += ' ';
      continue;
    }
    const chars = [...token];
    if (visibleLength(line) + chars.length <= max) {
      line += token;
      continue;
    }
    if (line.trim()) out.push(line.trim());
    line = '';
    for (let i = 0; i < chars.length; i += max) {
      const piece = chars.slice(i, i + max).join('');
      if (visibleLength(piece) === max && i + max < chars.length) out.push(piece);
      else line = piece;
    }
  }
  if (line.trim()) out.push(line.trim());
  return out;
};

/**
 * Wraps a cue's text into at most `maxLines` lines of at most `maxChars`, balancing two lines (subtitle
 * convention: the bottom line may be longer, never a single orphan word when a balanced split exists).
 * Returns null when the text does not fit.
 */
export const wrapCue = (text: string, maxChars: number, maxLines: number): string[] | null => {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (visibleLength(clean) <= maxChars) return [clean];
  if (maxLines < 2) return null;
  const chars = [...clean];
  const spaced = clean.includes(' ');
  let best: string[] | null = null;
  let bestScore = Infinity;
  for (let i = 1; i < chars.length; i += 1) {
    if (spaced && chars[i] !== ' ') continue;
    const top = chars.slice(0, i).join('').trim();
    const bottom = chars.slice(i).join('').trim();
    if (!top || !bottom) continue;
    const a = visibleLength(top);
    const b = visibleLength(bottom);
    if (a > maxChars || b > maxChars) continue;
    const score = Math.abs(a - b) + (a > b ? 0.5 : 0);
    if (score < bestScore) {
      bestScore = score;
      best = [top, bottom];
    }
  }
  return best;
};

export { hardSplit };
