import type { EngineRequest } from '@scrivo/adapters/testing/openai-compatible-server';
import type { TranscriptBody } from '@scrivo/domain/recordings';

/**
 * A long meeting: three topics of about 3,600 words each. The model reads about a quarter of it (line-selection.ts), in
 * three parts, one starting in each topic.
 */
const topics = ['the launch', 'the budget', 'the hiring plan'];
const lines: [number, string][] = topics.flatMap((topic, t) =>
  Array.from({ length: 180 }, (_, i): [number, string] => [
    t * 2160 + i * 12,
    `About ${topic}, point ${i + 1}: we went through the numbers, the risks and the next steps once more together.`,
  ]),
);
export const longMeeting: TranscriptBody = {
  language: 'en',
  languageProbability: 0.99,
  durationSeconds: lines.at(-1)![0] + 12,
  text: lines.map(([, t]) => t).join(' '),
  segments: lines.map(([start, text], id) => ({
    id,
    start,
    end: start + 12,
    text: ` ${text}`,
    speaker: 'Anna',
    words: [],
  })),
  engine: 'test:fixed',
};

/**
 * A scripted model behind the OpenAI-compatible server, answering each question of the summarizer in its shape
 * after a pause: what is tested here is how the parts reach the page, not what a model says (that is
 * summaries-api.test.ts and bench/README.md).
 */
export const scriptedSummaryModel =
  (answerMs: number) =>
  async (request: EngineRequest): Promise<string> => {
    await new Promise((r) => setTimeout(r, answerMs));
    // The part's lines are in the first question; the second question about the same part follows its answer.
    const lines = request.messages.find((m) => m.role === 'user')?.content ?? '';
    const first = Number(/^\[(\d+)\]/m.exec(lines)?.[1] ?? 0);
    const topic = /About (the [a-z ]+),/.exec(lines)?.[1] ?? 'the meeting';
    const shape = typeof request.json === 'object' && request.json ? request.json : {};
    const properties = typeof shape.properties === 'object' && shape.properties ? shape.properties : {};
    if ('decisions' in properties)
      return JSON.stringify({
        decisions: [{ text: `We settle ${topic}.`, at: first + 12 }],
        actionItems: [{ owner: 'Anna', text: `Write up ${topic}.`, at: first + 24 }],
      });
    if ('chapters' in properties)
      return JSON.stringify({
        overview: `The team went through ${topic}.`,
        keyPoints: [{ text: `The numbers of ${topic} were checked.`, at: first }],
        chapters: [{ title: topic, start: first }],
      });
    return JSON.stringify({ overview: 'The team went through the launch, the budget and the hiring plan.' });
  };
