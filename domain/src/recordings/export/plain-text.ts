import type { Transcript } from '../transcript';
import { formatTimestamp } from './subtitles';

export interface TextExportOptions {
  readonly timestamps: boolean;
  readonly speakers: boolean;
}

/** "[00:01:05]" for people reading a transcript (no milliseconds). */
export const readableTimestamp = (seconds: number): string => formatTimestamp(seconds, '.').slice(0, 8);

/**
 * Paragraphs a reader can follow: one per segment, or, with speakers, one per speaker turn. Shared by the
 * TXT, DOCX and PDF exports so all three say the same thing.
 */
export const transcriptParagraphs = (
  transcript: Pick<Transcript, 'segments'>,
  options: TextExportOptions,
): { start: number; speaker: string | null; text: string }[] => {
  const paragraphs: { start: number; speaker: string | null; text: string }[] = [];
  for (const segment of transcript.segments) {
    const text = segment.text.trim();
    if (!text) continue;
    const last = paragraphs.at(-1);
    if (
      options.speakers &&
      segment.speaker &&
      last &&
      last.speaker === segment.speaker &&
      !options.timestamps
    ) {
      paragraphs[paragraphs.length - 1] = { ...last, text: `${last.text} ${text}` };
    } else {
      paragraphs.push({ start: segment.start, speaker: options.speakers ? segment.speaker : null, text });
    }
  }
  return paragraphs;
};

export const paragraphPrefix = (
  p: { start: number; speaker: string | null },
  options: TextExportOptions,
): string =>
  [options.timestamps ? `[${readableTimestamp(p.start)}]` : '', p.speaker ? `${p.speaker}:` : '']
    .filter(Boolean)
    .join(' ');

export const toPlainText = (transcript: Pick<Transcript, 'segments'>, options: TextExportOptions): string => {
  const lines = transcriptParagraphs(transcript, options).map((p) => {
    const prefix = paragraphPrefix(p, options);
    return prefix ? `${prefix} ${p.text}` : p.text;
  });
  return lines.length ? `${lines.join('\n\n')}\n` : '';
};

export const toJson = <T extends Transcript>(transcript: T): string =>
  `${JSON.stringify(transcript, null, 2)}\n`;
