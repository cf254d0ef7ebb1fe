import type { Transcript } from '../transcript';
import { formatTimestamp } from './subtitles';

export interface TextExportOptions {
  readonly timestamps: boolean;
  readonly speakers: boolean;
}

/** "[00:01:05]" for people reading a transcript (no milliseconds). */
export const readableTimestamp = (seconds: number): string => formatTimestamp(seconds, '.').slice(0, 8);

/** A speaker's turn longer than this is cut into paragraphs at segment ends, so timestamps stay useful. */
export const PARAGRAPH_SECONDS = 60;

export interface TranscriptParagraph {
  readonly start: number;
  readonly speaker: string | null;
  readonly text: string;
  /** The same speaker as the paragraph before (a long turn cut in two): layouts need not name them again. */
  readonly continued: boolean;
}

/**
 * Paragraphs a reader can follow, as in a professional transcript: a speaker's consecutive segments form one
 * paragraph under one name and one timestamp (cut every PARAGRAPH_SECONDS when timestamps are shown); without
 * speakers, one paragraph per segment. Shared by the TXT, DOCX and PDF exports so all three say the same thing.
 */
export const transcriptParagraphs = (
  transcript: Pick<Transcript, 'segments'>,
  options: TextExportOptions,
): TranscriptParagraph[] => {
  const paragraphs: TranscriptParagraph[] = [];
  for (const segment of transcript.segments) {
    const text = segment.text.trim();
    if (!text) continue;
    const last = paragraphs.at(-1);
    const speaker = options.speakers ? segment.speaker : null;
    const sameSpeaker = speaker !== null && last !== undefined && last.speaker === speaker;
    if (sameSpeaker && (!options.timestamps || segment.start - last.start < PARAGRAPH_SECONDS)) {
      paragraphs[paragraphs.length - 1] = { ...last, text: `${last.text} ${text}` };
    } else {
      paragraphs.push({ start: segment.start, speaker, text, continued: sameSpeaker });
    }
  }
  return paragraphs;
};

/** The speakers in the order they first speak. */
export const transcriptSpeakers = (transcript: Pick<Transcript, 'segments'>): string[] => [
  ...new Set(transcript.segments.flatMap((s) => (s.speaker && s.text.trim() ? [s.speaker] : []))),
];

export const paragraphPrefix = (
  p: { start: number; speaker: string | null },
  options: TextExportOptions,
): string =>
  [options.timestamps ? `[${readableTimestamp(p.start)}]` : '', p.speaker ? `${p.speaker}:` : '']
    .filter(Boolean)
    .join(' ');

/**
 * `notes`: lines to print after a paragraph (by its index), each indented with "> " so a reader tells the owner's
 * highlights and comments from what was said.
 */
export const toPlainText = (
  transcript: Pick<Transcript, 'segments'>,
  options: TextExportOptions,
  notes: ReadonlyMap<number, readonly string[]> = new Map(),
): string => {
  const lines = transcriptParagraphs(transcript, options).map((p, i) => {
    const prefix = paragraphPrefix(p, options);
    const text = prefix ? `${prefix} ${p.text}` : p.text;
    const after = notes.get(i) ?? [];
    return after.length ? `${text}\n${after.map((n) => `  > ${n}`).join('\n')}` : text;
  });
  return lines.length ? `${lines.join('\n\n')}\n` : '';
};

export const toJson = <T extends Transcript>(transcript: T): string =>
  `${JSON.stringify(transcript, null, 2)}\n`;
