import type { Passage } from './knowledge-base';

const STOPWORDS = new Set(
  (
    'a an the and or but if of to in on at by for with about from into over under is are was were be been being am do does did ' +
    'doing have has had having i me my mine we our you your yours he she it its they them their this that these those what which who ' +
    'whom whose when where why how can could should would will shall may might must not no yes so than too very just also any some ' +
    'all each there here as up out off then s t please thanks thank hi hello hey want need like get got know tell let now ' +
    'el la los las un una de del y o en que es por para con se su como mi me lo le al qué cómo ' +
    'le la les un une des de du et ou en est pour avec sur ce mon ma mes je vous est-ce que qui comment quel quelle'
  ).split(/\s+/),
);

/** Lower-case, accent-free words without stop words, with a light plural strip ("files" ~ "file"). */
export const tokenize = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(stem);

/** A deliberately light stemmer: plurals and the -ed/-ing forms that help questions use ("uploaded files"). */
const stem = (w: string): string => {
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith('es') && /(ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
};

export interface SearchHit {
  readonly passage: Passage;
  readonly score: number;
  /** 0..1: how much of the question the passage explains, weighted by how telling each word is. */
  readonly confidence: number;
}

const K1 = 1.2;
const B = 0.75;
/** Words in titles, keywords and FAQ questions count this many times over the body text. */
const HEADING_WEIGHT = 2;

/**
 * Okapi BM25 over the passages. The raw score ranks; the confidence is separate and calibrated on purpose:
 * it is the idf-weighted share of the question's words that the best passage contains (words the help content
 * never uses get the highest idf, so a question about something else scores low), damped when the BM25 score
 * itself is weak. See assistant.conformance.ts for the questions it is calibrated against.
 */
export class Bm25Index {
  private readonly docs: { passage: Passage; tf: Map<string, number>; length: number }[];
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;

  constructor(passages: readonly Passage[]) {
    this.docs = passages.map((passage) => {
      const tf = new Map<string, number>();
      const add = (words: string[], weight: number) => {
        for (const w of words) tf.set(w, (tf.get(w) ?? 0) + weight);
      };
      add(tokenize(passage.heading), HEADING_WEIGHT);
      add(tokenize(passage.text), 1);
      let length = 0;
      for (const n of tf.values()) length += n;
      for (const w of tf.keys()) this.df.set(w, (this.df.get(w) ?? 0) + 1);
      return { passage, tf, length };
    });
    this.avgLength = this.docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, this.docs.length);
  }

  get size(): number {
    return this.docs.length;
  }

  private idf(word: string): number {
    const n = this.docs.length;
    const df = this.df.get(word) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  search(question: string, limit = 3): SearchHit[] {
    const words = [...new Set(tokenize(question))];
    if (words.length === 0 || this.docs.length === 0) return [];
    const weights = words.map((w) => this.idf(w));
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    const hits = this.docs.map((doc) => {
      let score = 0;
      let covered = 0;
      words.forEach((w, i) => {
        const tf = doc.tf.get(w);
        if (!tf) return;
        covered += weights[i]!;
        score += (weights[i]! * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / this.avgLength));
      });
      const coverage = totalWeight > 0 ? covered / totalWeight : 0;
      const strength = score / (score + 4);
      return { passage: doc.passage, score, confidence: Math.min(1, coverage * (0.4 + 0.6 * strength)) };
    });
    return hits
      .filter((h) => h.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }
}
