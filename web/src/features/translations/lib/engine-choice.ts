import type {
  TranslationEngine,
  TranslationOptions,
} from '@scrivo/contracts/translations/translations.contract';

type EngineOption = TranslationOptions['engines'][number];

export interface TargetChoice {
  code: string;
  name: string;
  /** The engine that will translate into it (the chosen one if it can, else the one that can); null: none. */
  engine: EngineOption | null;
}

/**
 * Which engine translates into each language, as the server picks it when none is named: Whisper for English
 * when the audio is kept (it listens to the speech), else the text engine that can do the pair. A named engine
 * is kept for the languages it can do; for the others the one that can is picked, so no language is greyed out
 * while some engine on this server could translate into it.
 */
export const targetChoices = (
  options: Pick<TranslationOptions, 'engines' | 'languages'>,
  source: string,
  chosen: TranslationEngine | '',
): TargetChoice[] => {
  const available = options.engines.filter((e) => e.available);
  const can = (e: EngineOption, code: string) => e.targets.includes(code);
  const pick = (code: string): EngineOption | null => {
    const named = available.find((e) => e.engine === chosen);
    if (named && can(named, code)) return named;
    const whisper = available.find((e) => e.engine === 'whisper');
    if (code === 'en' && whisper && can(whisper, code)) return whisper;
    return available.find((e) => e.engine !== 'whisper' && can(e, code)) ?? null;
  };
  return options.languages
    .filter((l) => l.code !== source)
    .map((l) => ({ code: l.code, name: l.name, engine: pick(l.code) }));
};

/** Why some languages cannot be chosen at all on this server, in the user's words; null when all can. */
export const unavailableReason = (
  options: Pick<TranslationOptions, 'engines'>,
  choices: readonly TargetChoice[],
): string | null => {
  const missing = choices.filter((c) => !c.engine);
  if (missing.length === 0) return null;
  const whisper = options.engines.find((e) => e.engine === 'whisper');
  const textEngine = options.engines.some((e) => e.engine !== 'whisper' && e.available);
  const reasons = [
    whisper?.available
      ? 'Speech translation (Whisper) only translates into English'
      : 'Speech translation needs the recording’s audio, which is no longer kept',
    textEngine
      ? 'the text translation engine here does not cover them'
      : 'no text translation engine (the local language model or Hugging Face) is set up on this server: an administrator can turn one on',
  ];
  const names = missing.length <= 3 ? missing.map((c) => c.name).join(', ') : 'the greyed-out languages';
  return `${names} cannot be chosen: ${reasons.join(', and ')}.`;
};
