import { describe, expect, it } from 'vitest';
import type { TranscriptBody } from '../recordings';
import { engineVocabulary, MAX_HOTWORDS_CHARACTERS, spellAsTheGlossarySays } from './engine-vocabulary';

const transcript = (text: string): TranscriptBody => ({
  language: 'en',
  languageProbability: 1,
  durationSeconds: 5,
  text,
  engine: 'test',
  segments: [
    {
      id: 0,
      start: 0,
      end: 5,
      text,
      speaker: null,
      words: text
        .split(' ')
        .map((w, i) => ({ start: i, end: i + 1, text: i === 0 ? w : ` ${w}`, probability: 1 })),
    },
  ],
});

describe('what the speech engine is told', () => {
  it('listens for the upload’s terms first, then the account’s, each once, and takes the context as its prompt', () => {
    expect(
      engineVocabulary([{ text: 'Scrivo' }, { text: 'Kubernetes' }], {
        terms: ['Zanzibar', 'scrivo'],
        context: 'Weekly sync',
      }),
    ).toEqual({ hotwords: ['Zanzibar', 'scrivo', 'Kubernetes'], prompt: 'Weekly sync' });
    expect(engineVocabulary([], null)).toBeNull();
  });

  it('sends no more terms than the engine can read', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ text: `Term number ${i}` }));
    const { hotwords } = engineVocabulary(many, null)!;
    expect(hotwords.join(', ').length).toBeLessThanOrEqual(MAX_HOTWORDS_CHARACTERS);
    expect(hotwords[0]).toBe('Term number 0');
  });
});

describe('terms spelt as the glossary says where the engine wrote how they sound', () => {
  const glossary = [
    { text: 'Scrivo', soundsLike: 'scree-vo' },
    { text: 'Nguyen', soundsLike: 'win' },
    { text: 'Zanzibar' },
  ];

  it('replaces the sound, however it was joined or cased, in the text and the words', () => {
    const out = spellAsTheGlossarySays(transcript('We moved to Screevo and scree vo, said Win.'), glossary);
    expect(out.segments[0]!.text).toBe('We moved to Scrivo and Scrivo, said Nguyen.');
    expect(out.text).toBe('We moved to Scrivo and Scrivo, said Nguyen.');
    expect(out.segments[0]!.words.map((w) => w.text)).toContain(' Scrivo');
    expect(out.segments[0]!.words.map((w) => w.text)).toContain(' Nguyen.');
  });

  it('writes no term where its sound is not heard, nor inside another word', () => {
    const said = 'We will win the window deal with twins.';
    expect(spellAsTheGlossarySays(transcript(said), glossary.slice(0, 1)).text).toBe(said);
    expect(spellAsTheGlossarySays(transcript('The windows and twins'), glossary).text).toBe(
      'The windows and twins',
    );
  });
});
