import { describe, expect, it } from 'vitest';
import type { TranscriptBody } from '../recordings/transcript';
import { translatedTranscript } from './translated-transcript';

const original: TranscriptBody = {
  language: 'es',
  languageProbability: 0.9,
  durationSeconds: 8,
  text: 'Hola. ¿Qué tal?',
  engine: 'test',
  segments: [
    { id: 0, start: 0, end: 3, text: ' Hola.', speaker: 'SPEAKER_00', words: [] },
    { id: 1, start: 3, end: 8, text: ' ¿Qué tal?', speaker: 'SPEAKER_01', words: [] },
  ],
};

describe('a transcript in the language of its translation', () => {
  it('keeps the times and speakers of the segments it was translated from', () => {
    const english = translatedTranscript(
      original,
      [
        { start: 0, end: 3, text: 'Hello.' },
        { start: 3, end: 8, text: 'How are you?' },
      ],
      'en',
    );
    expect(english.language).toBe('en');
    expect(english.segments.map((s) => [s.start, s.end, s.speaker, s.text])).toEqual([
      [0, 3, 'SPEAKER_00', 'Hello.'],
      [3, 8, 'SPEAKER_01', 'How are you?'],
    ]);
    expect(english.segments[1]!.words.map((w) => w.text)).toEqual(['How', 'are', 'you?']);
    expect(english.text).toBe('Hello. How are you?');
  });

  it('takes the speaker of the original it overlaps most when the engine cut its own segments', () => {
    const english = translatedTranscript(original, [{ start: 2.5, end: 7.5, text: 'How are you?' }], 'en');
    expect(english.segments).toHaveLength(1);
    expect(english.segments[0]!.speaker).toBe('SPEAKER_01');
  });
});
