import { describe, expect, it } from 'vitest';
import { targetChoices, unavailableReason } from './engine-choice';

const languages = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'es', name: 'Spanish' },
];
const all = ['en', 'fr', 'de'];
const engines = (local: boolean, whisper = true) => [
  { engine: 'whisper' as const, label: 'Whisper', available: whisper, targets: ['en'] },
  { engine: 'local' as const, label: 'Local model', available: local, targets: all },
  { engine: 'huggingface' as const, label: 'Hugging Face', available: false, targets: all },
];
const engineOf = (choices: ReturnType<typeof targetChoices>) =>
  Object.fromEntries(choices.map((c) => [c.code, c.engine?.engine ?? null]));

describe('which engine translates into each language', () => {
  it('under "Best available", Whisper for English and the text engine for French and German', () => {
    expect(engineOf(targetChoices({ engines: engines(true), languages }, 'es', ''))).toEqual({
      en: 'whisper',
      fr: 'local',
      de: 'local',
    });
  });

  it('keeps a named engine where it can, and picks the one that can for the rest', () => {
    expect(engineOf(targetChoices({ engines: engines(true), languages }, 'es', 'whisper'))).toEqual({
      en: 'whisper',
      fr: 'local',
      de: 'local',
    });
    expect(engineOf(targetChoices({ engines: engines(true), languages }, 'es', 'local')).en).toBe('local');
  });

  it('says why French cannot be chosen when the server has no text engine', () => {
    const options = { engines: engines(false), languages };
    const choices = targetChoices(options, 'es', '');
    expect(engineOf(choices)).toEqual({ en: 'whisper', fr: null, de: null });
    expect(unavailableReason(options, choices)).toBe(
      'French, German cannot be chosen: Speech translation (Whisper) only translates into English, and no text translation engine (the local language model or Hugging Face) is set up on this server: an administrator can turn one on.',
    );
  });

  it('says nothing when every language can be chosen', () => {
    const options = { engines: engines(true), languages };
    expect(unavailableReason(options, targetChoices(options, 'es', ''))).toBeNull();
  });
});
