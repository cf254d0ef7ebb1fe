import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QuestionStreamEvent } from '@scrivo/contracts';
import type { Segment, TranscriptBody } from '@scrivo/domain/recordings';

/**
 * The product-launch meeting of the summary benchmark, as faster-whisper heard it (espeak voices), kept here: the
 * benchmark's own copy is made again when its voices change, and these tests' seconds must not move with it.
 */
export const productLaunch = (): TranscriptBody => {
  const segments = JSON.parse(
    readFileSync(join(import.meta.dirname, 'product-launch.transcript.json'), 'utf8'),
  ) as Segment[];
  return {
    language: 'en',
    languageProbability: 0.99,
    durationSeconds: segments.at(-1)!.end + 1,
    text: segments.map((s) => s.text).join(''),
    segments,
    engine: 'test:fixed',
  };
};

/** Where "the decision is 5 dollars a month, with a free trial of 14 days" is said (line 10). */
export const PRICE_DECISION_SECOND = 45.88;

/** The `data:` events of a server-sent event stream, in order. */
export const eventsOf = (text: string): QuestionStreamEvent[] =>
  text
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as QuestionStreamEvent);
