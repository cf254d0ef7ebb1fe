import type { LanguageModel, TranslateRequest, Translator } from '@scrivo/domain';
import { TRANSLATION_LANGUAGES } from '@scrivo/domain/translations';

/** Segments sent together: enough context for pronouns and terms, short enough for a small model to keep count. */
const BATCH = 8;

const nameOf = (code: string) => TRANSLATION_LANGUAGES[code] ?? code;

const parseTranslations = (text: string, expected: number): string[] | null => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || !('translations' in json)) return null;
  const list = json.translations;
  if (!Array.isArray(list) || list.length !== expected) return null;
  const texts = list.filter((t): t is string => typeof t === 'string');
  return texts.length === expected ? texts : null;
};

/**
 * Translation with a general instruction model (the local one by default): a few numbered segments per request,
 * the answer constrained to a JSON list of exactly as many strings. A batch that comes back with the wrong count
 * is retried segment by segment, so the timing of every segment is kept.
 */
export class LanguageModelTranslator implements Translator {
  readonly name: string;
  readonly machineDraft = true;

  constructor(private readonly model: LanguageModel) {
    this.name = model.name;
  }

  async translate(request: TranslateRequest): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < request.texts.length; i += BATCH) {
      const batch = request.texts.slice(i, i + BATCH);
      const translated = (await this.batch(batch, request)) ?? (await this.oneByOne(batch, request));
      out.push(...translated);
      request.onProgress?.(Math.min(1, (i + batch.length) / request.texts.length));
    }
    return out;
  }

  private async batch(texts: readonly string[], request: TranslateRequest): Promise<string[] | null> {
    const schema = {
      type: 'object',
      properties: {
        translations: {
          type: 'array',
          items: { type: 'string' },
          minItems: texts.length,
          maxItems: texts.length,
        },
      },
      required: ['translations'],
    };
    const answer = await this.model.complete({
      messages: [
        {
          role: 'system',
          content: [
            `Translate each numbered line from ${nameOf(request.source)} into ${nameOf(request.target)}.`,
            'Keep the meaning, names and numbers; do not add or drop lines.',
            `Answer in JSON: {"translations": [...]} with exactly ${texts.length} strings, in order.`,
          ].join(' '),
        },
        { role: 'user', content: texts.map((t, n) => `${n + 1}. ${t}`).join('\n') },
      ],
      maxTokens: 160 + texts.reduce((sum, t) => sum + t.length, 0),
      jsonSchema: schema,
      answerLanguage: request.target,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    return parseTranslations(answer.text, texts.length);
  }

  private async oneByOne(texts: readonly string[], request: TranslateRequest): Promise<string[]> {
    const out: string[] = [];
    for (const text of texts) {
      const single = await this.batch([text], request);
      // A line the model cannot turn into one string stays in the original rather than vanishing.
      out.push(single?.[0] ?? text);
    }
    return out;
  }
}
