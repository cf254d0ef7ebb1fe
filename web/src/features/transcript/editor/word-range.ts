import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';

/**
 * Where each word of a segment sits in the text shown in its field. Words are found in order, so a word the
 * engine cut differently from the spaces (a hyphen, a number) still lands where it is; a segment without word
 * times is cut at spaces, as the server does.
 */
const wordSpans = (text: string, segment: Pick<TranscriptSegment, 'words'>): Array<[number, number]> => {
  const tokens =
    segment.words.length > 0 ? segment.words.map((w) => w.text.trim()) : text.split(/\s+/).filter(Boolean);
  const spans: Array<[number, number]> = [];
  let from = 0;
  for (const token of tokens) {
    const at = text.indexOf(token, from);
    const start = at === -1 ? from : at;
    const end = at === -1 ? from : at + token.length;
    spans.push([start, end]);
    from = end;
  }
  return spans;
};

/** The words a selection [start, end) of the field touches, or null when it touches none. */
export const selectedWords = (
  text: string,
  segment: Pick<TranscriptSegment, 'words'>,
  start: number,
  end: number,
): { from: number; to: number } | null => {
  const spans = wordSpans(text, segment);
  const from = spans.findIndex(([, e]) => e > start);
  let to = -1;
  spans.forEach(([s], i) => {
    if (s < end) to = i;
  });
  if (from === -1 || to < from) return null;
  return { from, to };
};

/** The word a split at the cursor starts the new line with: the word under the cursor, or the next one. */
export const wordAtCursor = (
  text: string,
  segment: Pick<TranscriptSegment, 'words'>,
  cursor: number,
): number => {
  const spans = wordSpans(text, segment);
  const index = spans.findIndex(([, e]) => e > cursor);
  return index === -1 ? spans.length : index;
};
