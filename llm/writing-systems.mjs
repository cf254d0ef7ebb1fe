// @ts-check
/**
 * The writing systems an answer is kept to. Qwen2.5 was trained on as much Chinese as English, and the 1.5B model
 * reading disfluent English can slip into it mid-sentence ("The Project经理.", bench/README.md, issue 41). A request
 * that names the language its answer is written in (`answer_language`: ISO 639-1, or a BCP 47 tag) gets a grammar in which letters of
 * the writing systems below cannot be written, unless that language uses them or the request's own messages hold
 * them (a name quoted from the transcript, a text being translated from).
 *
 * The ranges are written as GBNF and JavaScript character-class ranges at once (both read `\uXXXX`). Latin, Greek
 * and the symbols stay open to every answer: numbers, product names and formulas are written in them everywhere.
 */

/** @typedef {'cjk' | 'kana' | 'hangul' | 'cyrillic' | 'arabic' | 'hebrew' | 'thai' | 'devanagari'} WritingSystem */

/** @type {Record<WritingSystem, string[]>} */
const RANGES = {
  // Han ideographs, with CJK punctuation (。、「」) and the full-width forms (，：！) they are written with.
  cjk: ['\\u3000-\\u303F', '\\u3400-\\u4DBF', '\\u4E00-\\u9FFF', '\\uF900-\\uFAFF', '\\uFF00-\\uFFEF'],
  kana: ['\\u3040-\\u30FF', '\\u31F0-\\u31FF'],
  hangul: ['\\u1100-\\u11FF', '\\u3130-\\u318F', '\\uAC00-\\uD7AF'],
  cyrillic: ['\\u0400-\\u052F'],
  arabic: ['\\u0600-\\u06FF', '\\u0750-\\u077F'],
  hebrew: ['\\u0590-\\u05FF'],
  thai: ['\\u0E00-\\u0E7F'],
  devanagari: ['\\u0900-\\u097F'],
};

/** The systems each language is written in, beyond Latin. A language not listed is written in Latin letters. */
/** @type {Record<string, WritingSystem[]>} */
const WRITTEN_IN = {
  zh: ['cjk'],
  ja: ['cjk', 'kana'],
  ko: ['hangul', 'cjk'],
  ru: ['cyrillic'],
  uk: ['cyrillic'],
  be: ['cyrillic'],
  bg: ['cyrillic'],
  sr: ['cyrillic'],
  mk: ['cyrillic'],
  kk: ['cyrillic'],
  mn: ['cyrillic'],
  ar: ['arabic'],
  fa: ['arabic'],
  ur: ['arabic'],
  ps: ['arabic'],
  he: ['hebrew'],
  yi: ['hebrew'],
  th: ['thai'],
  hi: ['devanagari'],
  mr: ['devanagari'],
  ne: ['devanagari'],
};

const SYSTEMS = /** @type {WritingSystem[]} */ (Object.keys(RANGES));
const PATTERNS = Object.fromEntries(
  SYSTEMS.map((system) => [system, new RegExp(`[${RANGES[system].join('')}]`, 'u')]),
);

/**
 * The character ranges an answer in `language` may not hold, given the texts the request holds; empty where
 * nothing is kept out.
 * @param {string} language @param {readonly string[]} texts
 * @returns {string[]}
 */
export const rangesKeptOut = (language, texts) => {
  const own = new Set(WRITTEN_IN[language.split('-')[0]?.toLowerCase() ?? ''] ?? []);
  return SYSTEMS.filter(
    (system) => !own.has(system) && !texts.some((text) => PATTERNS[system].test(text)),
  ).flatMap((system) => RANGES[system]);
};

/**
 * A JSON grammar whose strings cannot hold the ranges: node-llama-cpp's JSON-schema grammar writes every string's
 * characters with one rule, `string-char-rule ::= [^"\\\x7F\x00-\x1F] | ...` (node-llama-cpp is pinned:
 * llm/package.json; a version that names it otherwise fails here, not silently).
 * @param {string} gbnf @param {readonly string[]} ranges
 */
export const withStringsKeptFrom = (gbnf, ranges) => {
  if (ranges.length === 0) return gbnf;
  const rule = /^(string-char-rule ::= \[\^)([^\]]*)\]/m;
  if (!rule.test(gbnf))
    throw new Error('The JSON grammar has no string-char-rule to keep writing systems out of.');
  return gbnf.replace(rule, (_, head, chars) => `${head}${chars}${ranges.join('')}]`);
};

/**
 * A grammar for free text that cannot hold the ranges: any other character, any number of times, so the answer
 * ends where the model ends it.
 * @param {readonly string[]} ranges
 */
export const textKeptFrom = (ranges) => `root ::= [^${ranges.join('')}]*`;
