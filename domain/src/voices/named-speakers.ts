import type { Segment, TranscriptBody } from '../recordings/transcript';

/** Seconds of one speaker's speech sent to make a voice print: more adds little, and the engine embeds all of it. */
export const PRINT_SPEECH_SECONDS = 60;
/** Less than this of a speaker's speech in a recording makes no voice print (the engine says the same). */
export const MIN_PRINT_SPEECH_SECONDS = 3;

export type Span = readonly [number, number];

/**
 * Where `speaker` speaks in a transcript, for their voice print: each of their lines' words (the line's own times
 * when it has none), lines of one second or more, longest first up to PRINT_SPEECH_SECONDS; answered in time order.
 */
export const speechOf = (segments: readonly Segment[], speaker: string): Span[] => {
  const lines = segments
    .filter((s) => s.speaker === speaker)
    .map((s): Span => (s.words.length ? [s.words[0]!.start, s.words.at(-1)!.end] : [s.start, s.end]))
    .filter(([a, b]) => b - a >= 1)
    .sort((x, y) => y[1] - y[0] - (x[1] - x[0]));
  const chosen: Span[] = [];
  let seconds = 0;
  for (const span of lines) {
    if (seconds >= PRINT_SPEECH_SECONDS) break;
    chosen.push(span);
    seconds += span[1] - span[0];
  }
  return chosen.sort((x, y) => x[0] - y[0]);
};

export const secondsOf = (spans: readonly Span[]): number => spans.reduce((sum, [a, b]) => sum + b - a, 0);

/**
 * What each of a recording's labels (in order of first appearance) becomes: the remembered voice's name where the
 * engine recognised one (`names`: label -> name), and "Speaker 1", "Speaker 2"... again for the others, by first
 * appearance, so no number is missing where a named person's was and no one else gets a remembered name.
 */
export const rememberedLabels = (
  labels: readonly string[],
  names: Readonly<Record<string, string>>,
): Record<string, string> => {
  const taken = new Set(Object.values(names));
  const out: Record<string, string> = {};
  let n = 0;
  for (const label of labels) {
    if (label in out) continue;
    const named = names[label];
    if (named !== undefined) out[label] = named;
    else {
      do n += 1;
      while (taken.has(`Speaker ${n}`));
      out[label] = `Speaker ${n}`;
    }
  }
  return out;
};

/** The transcript with the remembered voices' names as the speakers they were recognised in (see rememberedLabels). */
export const withRememberedNames = <T extends TranscriptBody>(
  transcript: T,
  names: Readonly<Record<string, string>>,
): T => {
  if (Object.keys(names).length === 0) return transcript;
  const labels = rememberedLabels(
    transcript.segments.flatMap((s) => (s.speaker === null ? [] : [s.speaker])),
    names,
  );
  return {
    ...transcript,
    segments: transcript.segments.map((s) =>
      s.speaker === null ? s : { ...s, speaker: labels[s.speaker]! },
    ),
  };
};
