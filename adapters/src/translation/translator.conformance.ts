import { describe, expect, it } from 'vitest';
import { LanguageModelUnavailableError, type Translator } from '@scrivo/domain';

export interface TranslatorSubject {
  /** An adapter talking to a real engine. */
  readonly translator: () => Translator;
  /** The same adapter pointed at a server that is not there. */
  readonly unreachable: () => Translator;
}

const spanish = [
  'La reunión empieza el lunes a las nueve.',
  'María enviará el informe el viernes.',
  'Gracias a todos.',
];

/** What every Translator adapter must do, against a real engine (the local model on CPU in CI). */
export const translatorConformance = (adapter: string, subject: TranslatorSubject) =>
  describe(`Translator conformance: ${adapter}`, () => {
    it('gives one translation per segment, in order, in the target language', async () => {
      const progress: number[] = [];
      const out = await subject.translator().translate({
        texts: spanish,
        source: 'es',
        target: 'en',
        onProgress: (p) => progress.push(p),
      });
      expect(out).toHaveLength(3);
      expect(out[0]!.toLowerCase()).toMatch(/monday/);
      expect(out[1]!.toLowerCase()).toMatch(/friday/);
      expect(out[1]).toMatch(/Mar[ií]a/);
      expect(out[2]!.toLowerCase()).toMatch(/thank/);
      expect(progress.at(-1)).toBe(1);
    }, 180_000);

    it('translates between two languages that are not English', async () => {
      const [german] = await subject.translator().translate({
        texts: ['Bonjour à tous, merci d’être venus.'],
        source: 'fr',
        target: 'de',
      });
      expect(german!.toLowerCase()).toMatch(/hallo|guten|willkommen|danke|vielen/);
    }, 120_000);

    it('answers an empty list with an empty list', async () => {
      expect(await subject.translator().translate({ texts: [], source: 'es', target: 'en' })).toEqual([]);
    });

    it('says the engine is unavailable when it cannot be reached', async () => {
      await expect(
        subject.unreachable().translate({ texts: ['Hola.'], source: 'es', target: 'en' }),
      ).rejects.toBeInstanceOf(LanguageModelUnavailableError);
    }, 30_000);
  });
