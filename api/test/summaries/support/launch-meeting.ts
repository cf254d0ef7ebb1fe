import type { TranscriptBody } from '@scrivo/domain/recordings';

/**
 * A transcript as the speech worker writes it, each line `lineSeconds` long (five unless said; a leading space, no
 * words).
 */
export const transcriptOf = (
  language: string,
  lines: [number, string | null, string][],
  lineSeconds = 5,
): TranscriptBody => ({
  language,
  languageProbability: 0.99,
  durationSeconds: lines.at(-1)![0] + lineSeconds,
  text: lines.map(([, , t]) => t).join(' '),
  segments: lines.map(([start, speaker, text], id) => ({
    id,
    start,
    end: start + lineSeconds,
    text: ` ${text}`,
    speaker,
    words: [],
  })),
  engine: 'test:fixed',
});

/** A short meeting with a decision (the launch moves to the ninth of March) for an engine to summarise. */
export const launchMeeting = transcriptOf('en', [
  [0, 'Anna', 'We agree to move the product launch to the ninth of March.'],
  [5, 'Ben', 'I will update the press release by Friday.'],
  [10, 'Carla', 'And I will book the venue for the launch party.'],
]);
