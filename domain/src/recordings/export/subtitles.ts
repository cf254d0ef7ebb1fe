import type { Segment, TranscriptBody } from '../transcript';
import { hardSplit, joinWords, visibleLength, wrapCue } from './text-layout';

export interface Cue {
  readonly start: number;
  readonly end: number;
  readonly speaker: string | null;
  readonly lines: readonly string[];
}

export interface CueRules {
  readonly maxCharsPerLine: number;
  readonly maxLines: number;
  readonly minSeconds: number;
  readonly maxSeconds: number;
  /** A pause this long between words starts a new cue. */
  readonly breakOnPauseSeconds: number;
}

/** Netflix/BBC-style defaults: 42 characters, 2 lines, cues of about 1 to 7 seconds. */
export const DEFAULT_CUE_RULES: CueRules = {
  maxCharsPerLine: 42,
  maxLines: 2,
  minSeconds: 1,
  maxSeconds: 7,
  breakOnPauseSeconds: 1.5,
};

export interface SubtitleOptions {
  /** Prefix the first line of a cue with the speaker's name when it changes. */
  readonly speakers: boolean;
}

interface TimedWord {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly speaker: string | null;
}

/** Words with times; a segment without word timings gets its text spread evenly over its span. */
const timedWords = (segments: readonly Segment[], rules: CueRules): TimedWord[] =>
  segments.flatMap((segment) => {
    if (segment.words.length > 0)
      return segment.words.map((w) => ({
        start: w.start,
        end: w.end,
        text: w.text,
        speaker: segment.speaker,
      }));
    const pieces = segment.text.includes(' ')
      ? segment.text.split(/\s+/).filter(Boolean)
      : hardSplit(segment.text, Math.floor(rules.maxCharsPerLine / 2));
    const total = pieces.reduce((n, p) => n + visibleLength(p), 0) || 1;
    const span = Math.max(0, segment.end - segment.start);
    let at = segment.start;
    return pieces.map((text) => {
      const start = at;
      at += (span * visibleLength(text)) / total;
      return { start, end: at, text, speaker: segment.speaker };
    });
  });

const SENTENCE_END = /[.!?。！？]$/;

/**
 * Builds subtitle cues from a transcript: each cue fits the line rules, lasts at most maxSeconds, breaks at
 * speaker changes and long pauses, prefers to break after a sentence, and is stretched to minSeconds when the
 * next cue leaves room.
 */
export const buildCues = (
  transcript: Pick<TranscriptBody, 'segments' | 'language'>,
  options: SubtitleOptions = { speakers: false },
  rules = DEFAULT_CUE_RULES,
): Cue[] => {
  const words = timedWords(transcript.segments, rules);
  const groups: TimedWord[][] = [];
  let current: TimedWord[] = [];
  // The first cue of a speaker's turn carries "Name: ", which counts against the line length too.
  const textOf = (group: TimedWord[], previous: TimedWord[] | undefined) => {
    const text = joinWords(
      group.map((w) => w.text),
      transcript.language,
    );
    const speaker = group[0]?.speaker;
    return options.speakers && speaker && previous?.[0]?.speaker !== speaker ? `${speaker}: ${text}` : text;
  };
  const fits = (candidate: TimedWord[]) =>
    wrapCue(textOf(candidate, groups.at(-1)), rules.maxCharsPerLine, rules.maxLines) !== null;

  for (const word of words) {
    // A single word longer than a cue can hold is split into pieces that each fit one line.
    const pieces =
      visibleLength(word.text) > rules.maxCharsPerLine
        ? hardSplit(word.text, rules.maxCharsPerLine)
        : [word.text];
    pieces.forEach((text, i) => {
      const span = (word.end - word.start) / pieces.length;
      const piece = { ...word, text, start: word.start + i * span, end: word.start + (i + 1) * span };
      const first = current[0];
      const last = current.at(-1);
      const startNew =
        first !== undefined &&
        last !== undefined &&
        (piece.speaker !== first.speaker ||
          piece.start - last.end >= rules.breakOnPauseSeconds ||
          piece.end - first.start > rules.maxSeconds ||
          (SENTENCE_END.test(last.text) && last.end - first.start >= rules.minSeconds * 2) ||
          !fits([...current, piece]));
      if (startNew) {
        groups.push(current);
        current = [];
      }
      current.push(piece);
    });
  }
  if (current.length) groups.push(current);

  const cues = groups.map((group, i) => {
    const text = textOf(group, groups[i - 1]);
    return {
      start: group[0]!.start,
      end: Math.max(group.at(-1)!.end, group[0]!.start),
      speaker: group[0]!.speaker,
      lines: wrapCue(text, rules.maxCharsPerLine, rules.maxLines) ?? hardSplit(text, rules.maxCharsPerLine),
    };
  });
  return cues.map((cue, i) => {
    const next = cues[i + 1];
    let end = Math.max(cue.end, cue.start + rules.minSeconds);
    // Stretching to the minimum never runs into the next cue: players show overlapping cues stacked.
    if (next) end = Math.min(end, next.start);
    return { ...cue, end: Math.max(end, cue.start) };
  });
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** 3661.5 -> "01:01:01,500" (SRT) or "01:01:01.500" (VTT). */
export const formatTimestamp = (seconds: number, separator: ',' | '.'): string => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${separator}${pad(ms % 1000, 3)}`;
};

export const toSrt = (
  transcript: Pick<TranscriptBody, 'segments' | 'language'>,
  options: SubtitleOptions,
): string => {
  const cues = buildCues(transcript, options);
  return cues
    .map(
      (cue, i) =>
        `${i + 1}\n${formatTimestamp(cue.start, ',')} --> ${formatTimestamp(cue.end, ',')}\n${cue.lines.join('\n')}\n`,
    )
    .join('\n');
};

/** WebVTT forbids "-->" in cue text and treats "<" and "&" as markup. */
const escapeVtt = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const toVtt = (
  transcript: Pick<TranscriptBody, 'segments' | 'language'>,
  options: SubtitleOptions,
): string => {
  const cues = buildCues(transcript, options);
  const body = cues
    .map((cue, i) => {
      const lines = cue.lines.map(escapeVtt);
      return `${i + 1}\n${formatTimestamp(cue.start, '.')} --> ${formatTimestamp(cue.end, '.')}\n${lines.join('\n')}\n`;
    })
    .join('\n');
  return `WEBVTT\n\n${body}`;
};
