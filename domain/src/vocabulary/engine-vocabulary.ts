import type { Segment, TranscriptBody, UploadVocabulary } from '../recordings';
import type { VocabularyTerm } from './events';

/**
 * What the speech engine is given: the terms to listen for (Whisper's hotwords), most specific first (the upload's
 * own, then the account's), and the upload's line of context (Whisper's initial prompt). Whisper reads about 224
 * tokens of prompt: terms past `MAX_HOTWORDS_CHARACTERS` would only be cut by the engine, so they are not sent.
 */
export interface EngineVocabulary {
  readonly hotwords: readonly string[];
  readonly prompt: string | null;
}

export const MAX_HOTWORDS_CHARACTERS = 600;

export const engineVocabulary = (
  account: readonly VocabularyTerm[],
  upload: UploadVocabulary | null | undefined,
): EngineVocabulary | null => {
  const hotwords: string[] = [];
  const seen = new Set<string>();
  let length = 0;
  for (const text of [...(upload?.terms ?? []), ...account.map((t) => t.text)]) {
    const key = text.toLowerCase();
    if (seen.has(key) || length + text.length + 2 > MAX_HOTWORDS_CHARACTERS) continue;
    seen.add(key);
    hotwords.push(text);
    length += text.length + 2;
  }
  const prompt = upload?.context ?? null;
  return hotwords.length === 0 && prompt === null ? null : { hotwords, prompt };
};

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * "scree-vo" also matches "scree vo", "screevo" and "Scree-Vo": the parts of how a term sounds, with a hyphen, a
 * space or nothing between them, as a whole word or words.
 */
const soundsLikePattern = (soundsLike: string): RegExp => {
  const parts = soundsLike
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean)
    .map(escaped);
  return new RegExp(`(?<![\\p{L}\\p{N}])${parts.join('[\\s-]?')}(?![\\p{L}\\p{N}])`, 'giu');
};

/**
 * Where the engine wrote a term as it sounds (the glossary's "sounds like"), the term as its owner spells it: in
 * each line's text and in the words, when the term's sound is one word there. Nothing is written where the sound
 * is not heard, so no term appears where nobody said it.
 */
export const spellAsTheGlossarySays = (
  transcript: TranscriptBody,
  terms: readonly VocabularyTerm[],
): TranscriptBody => {
  const rules = terms
    .filter((t): t is VocabularyTerm & { soundsLike: string } => Boolean(t.soundsLike?.trim()))
    .map((t) => ({ pattern: soundsLikePattern(t.soundsLike), text: t.text }));
  if (rules.length === 0) return transcript;
  const spell = (text: string) => rules.reduce((out, rule) => out.replace(rule.pattern, rule.text), text);
  const segments: Segment[] = transcript.segments.map((segment) => {
    const text = spell(segment.text);
    if (text === segment.text) return segment;
    const words = segment.words.map((word) => {
      // A word keeps its leading space and trailing punctuation: only the sound itself is replaced.
      const spelt = spell(word.text);
      return spelt === word.text ? word : { ...word, text: spelt };
    });
    return { ...segment, text, words };
  });
  return { ...transcript, text: spell(transcript.text), segments };
};
