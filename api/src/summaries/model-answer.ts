import type { LanguageModel } from '@scrivo/domain';
import type { z } from 'zod/v4';

export class SummaryFormatError extends Error {
  constructor(detail: string) {
    super(`The summary engine answered twice in a shape that is not a summary (${detail}).`);
    this.name = 'SummaryFormatError';
  }
}

export type Message = { role: 'system' | 'user' | 'assistant'; content: string };

/** One question to the model, and the shape its answer must have. */
export interface Question<Shape extends z.ZodType> {
  readonly shape: Shape;
  readonly jsonSchema: Record<string, unknown>;
  readonly messages: Message[];
  readonly maxTokens: number;
  /** The language the summary is written in (ISO 639-1). */
  readonly language: string;
  readonly signal: AbortSignal | undefined;
}

export const ask = async <Shape extends z.ZodType>(
  model: LanguageModel,
  { shape, jsonSchema, messages, maxTokens, language, signal }: Question<Shape>,
): Promise<{ data: z.infer<Shape>; text: string }> => {
  let problem = '';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = await model.complete({
      messages,
      maxTokens,
      jsonSchema,
      // The same request at temperature 0 gives the same malformed answer: the retry samples a little.
      temperature: attempt === 0 ? 0 : 0.4,
      avoidRepetition: true,
      answerLanguage: language,
      ...(signal ? { signal } : {}),
    });
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      problem = 'not JSON';
      continue;
    }
    const parsed = shape.safeParse(json);
    if (parsed.success) return { data: parsed.data, text: answer.text };
    problem = parsed.error.issues[0]?.message ?? 'wrong shape';
  }
  throw new SummaryFormatError(problem);
};
