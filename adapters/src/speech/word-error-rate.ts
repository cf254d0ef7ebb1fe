/** Lower case, no punctuation, single spaces, digits left alone: how WER is usually compared. */
export const normaliseForWer = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Word error rate: (substitutions + deletions + insertions) / reference words, after normalising both. */
export const wordErrorRate = (reference: string, hypothesis: string): number => {
  const ref = normaliseForWer(reference).split(' ').filter(Boolean);
  const hyp = normaliseForWer(hypothesis).split(' ').filter(Boolean);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j += 1) {
      const cost = ref[i - 1] === hyp[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[hyp.length]! / ref.length;
};
