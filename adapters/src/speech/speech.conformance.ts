import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SpeechInputError, type SpeechRecognizer } from '@scrivo/domain/recordings';
import { describe, expect, it } from 'vitest';
import { wordErrorRate } from './word-error-rate';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';

export const SHARED_AUDIO = join(import.meta.dirname, '../../../../shared/audio');
const JFK = join(SHARED_AUDIO, 'jfk/jfk.wav');
const JFK_TEXT = readFileSync(join(SHARED_AUDIO, 'jfk/jfk.txt'), 'utf8');

export interface SpeechConformanceOptions {
  /** Whether the adapter reports progress while it works (streaming engines do). */
  readonly reportsProgress: boolean;
}

/** What every SpeechRecognizer must do, run against real engines on real speech. */
export const speechConformance = (
  name: string,
  recognizer: () => SpeechRecognizer,
  options: SpeechConformanceOptions,
): void => {
  // Real recognition on a CPU shared with other work can take minutes per clip: no 60 s default here.
  describe(`${name} (speech port conformance)`, { timeout: 300_000 }, () => {
    it('transcribes English speech into the canonical transcript with language, segments and words', async () => {
      const progress: number[] = [];
      const t = await recognizer().transcribe({
        audio: readFileSync(JFK),
        contentType: 'audio/wav',
        language: null,
        translate: false,
        onProgress: (p) => progress.push(p),
      });
      expect(phraseErrorRate('ask not what your country can do for you', t.text)).toBeLessThanOrEqual(HEARD);
      expect(wordErrorRate(JFK_TEXT, t.text)).toBeLessThanOrEqual(0.1);
      expect(t.language).toBe('en');
      expect(t.languageProbability).toBeGreaterThan(0.5);
      expect(t.durationSeconds).toBeCloseTo(11, 0);
      expect(t.engine).toBe(recognizer().name);
      expect(t.segments.length).toBeGreaterThan(0);
      let previousEnd = 0;
      for (const segment of t.segments) {
        expect(segment.start).toBeGreaterThanOrEqual(previousEnd - 0.01);
        expect(segment.end).toBeGreaterThanOrEqual(segment.start);
        expect(segment.end).toBeLessThanOrEqual(11.1);
        expect(segment.speaker).toBeNull();
        expect(segment.words.length).toBeGreaterThan(0);
        for (const word of segment.words) {
          expect(word.start).toBeGreaterThanOrEqual(segment.start - 0.05);
          expect(word.end).toBeLessThanOrEqual(segment.end + 0.05);
          expect(word.probability).toBeGreaterThanOrEqual(0);
          expect(word.probability).toBeLessThanOrEqual(1);
          expect(word.text).toBe(word.text.trim());
        }
        previousEnd = segment.end;
      }
      if (options.reportsProgress) {
        expect(progress.length).toBeGreaterThan(0);
        expect(progress.every((p, i) => p >= 0 && p <= 1 && (i === 0 || p >= progress[i - 1]!))).toBe(true);
      }
    });

    it('uses the language the user chose instead of detecting one', async () => {
      const t = await recognizer().transcribe({
        audio: readFileSync(join(SHARED_AUDIO, 'picovoice-leopard-tests/test_es.wav')),
        contentType: 'audio/wav',
        language: 'es',
        translate: false,
      });
      expect(t.language).toBe('es');
      expect(t.text.length).toBeGreaterThan(10);
    });

    it('translates to English when asked', async () => {
      const t = await recognizer().transcribe({
        audio: readFileSync(join(SHARED_AUDIO, 'picovoice-leopard-tests/test_es.wav')),
        contentType: 'audio/wav',
        language: 'es',
        translate: true,
      });
      expect(t.text).toMatch(/\b(the|and|of|is|to)\b/i);
    });

    it('returns an empty transcript for a recording without speech', async () => {
      const t = await recognizer().transcribe({
        audio: readFileSync(join(SHARED_AUDIO, 'picovoice-leopard-tests/empty.wav')),
        contentType: 'audio/wav',
        language: null,
        translate: false,
      });
      expect(t.text).toBe('');
      expect(t.segments).toEqual([]);
    });

    it('refuses audio it cannot decode with a SpeechInputError (not retried)', async () => {
      await expect(
        recognizer().transcribe({
          audio: new TextEncoder().encode('this is not audio at all '.repeat(40)),
          contentType: 'audio/wav',
          language: null,
          translate: false,
        }),
      ).rejects.toBeInstanceOf(SpeechInputError);
    });
  });
};
