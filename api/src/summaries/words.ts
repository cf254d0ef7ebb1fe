import { stemmer } from 'stemmer';
import { deu, eng, fra, ita, nld, por, rus, spa } from 'stopword';

/** Stopword lists (from the `stopword` package) of the transcript languages, by ISO 639-1 code. */
const STOPWORD_LISTS: Readonly<Record<string, readonly string[]>> = {
  es: spa,
  fr: fra,
  de: deu,
  it: ita,
  pt: por,
  nl: nld,
  ru: rus,
};

// Spoken fillers that carry nothing a summary could cite, on top of the written stopwords.
const FILLERS = [
  'yeah',
  'yes',
  'okay',
  'ok',
  'mm',
  'hmm',
  'uh',
  'um',
  'oh',
  'right',
  'sure',
  'well',
  'just',
  'like',
];

const stopwordsFor = (language: string): ReadonlySet<string> =>
  new Set([...eng, ...(STOPWORD_LISTS[language] ?? []), ...FILLERS]);

const cache = new Map<string, ReadonlySet<string>>();
const stopwords = (language: string) => {
  let set = cache.get(language);
  if (!set) cache.set(language, (set = stopwordsFor(language)));
  return set;
};

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
const ORDINALS = [
  '',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
];

/** A number, said or written ("five", "fifteenth", "15th"): kept even where a stopword list holds it. */
export const isFigure = (word: string): boolean =>
  /^\d/.test(word) || NUMBER_WORDS.includes(word) || ORDINALS.indexOf(word) > 0;

/** Lower-case words of a text (letters, digits, apostrophes inside words), in order. */
export const tokens = (text: string): string[] =>
  text.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];

export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/**
 * One form per word for comparing a summary's sentence with the line it cites: stemmed ("decided", "deciding"),
 * numbers as digits ("fifteenth", "15th" and "15" alike).
 */
export const normalise = (word: string): string => {
  const ordinal = /^(\d+)(st|nd|rd|th)$/.exec(word);
  if (ordinal) return ordinal[1]!;
  const asNumber = NUMBER_WORDS.indexOf(word);
  if (asNumber >= 0) return String(asNumber);
  const asOrdinal = ORDINALS.indexOf(word);
  if (asOrdinal > 0) return String(asOrdinal);
  return /^\d+$/.test(word) ? word : stemmer(word);
};

/** The words that carry meaning, normalised: no stopwords or spoken fillers. */
export const contentWords = (text: string, language = 'en'): string[] => {
  const skip = stopwords(language);
  return tokens(text)
    .filter((w) => isFigure(w) || (!skip.has(w) && w.length > 1))
    .map(normalise);
};
