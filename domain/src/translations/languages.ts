import type { TranslationEngine } from './events';

/** The languages translation offers, by ISO 639-1 code, with their English names (prompts and labels). */
export const TRANSLATION_LANGUAGES: Readonly<Record<string, string>> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
};

/**
 * Which pairs each engine can do. Whisper only translates speech into English. The local model and the hosted
 * models take any pair of the list above.
 */
export const supportsPair = (engine: TranslationEngine, source: string, target: string): boolean => {
  if (source === target) return false;
  if (!(target in TRANSLATION_LANGUAGES)) return false;
  if (engine === 'whisper') return target === 'en';
  return source in TRANSLATION_LANGUAGES;
};
