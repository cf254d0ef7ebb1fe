import { deflateSync } from 'node:zlib';
import type {
  OpenAiResponseFormat,
  OpenAiSegment,
  OpenAiTimestampGranularity,
  OpenAiVerboseTranscription,
  OpenAiWord,
} from '@scrivo/contracts';
import { type Segment, toSrt, toVtt, type Transcript } from '@scrivo/domain/recordings';

export interface FormattedAnswer {
  readonly contentType: string;
  readonly body: string;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** OpenAI names the language in English, lower case ("english"), where Scrivo keeps the ISO code. */
export const openAiLanguage = (code: string): string => {
  try {
    return (languageNames.of(code) ?? code).toLowerCase();
  } catch {
    return code;
  }
};

/** Whisper's own measure: bytes of the text over bytes of its zlib compression (high means repetitive). */
const compressionRatio = (text: string): number => {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length === 0 ? 0 : bytes.length / deflateSync(bytes).length;
};

/** The mean log probability of the segment's words (0 when the engine gave no words). */
const avgLogprob = (segment: Segment): number =>
  segment.words.length === 0
    ? 0
    : segment.words.reduce((sum, w) => sum + Math.log(Math.max(w.probability, 1e-6)), 0) /
      segment.words.length;

const toSegment = (segment: Segment, index: number): OpenAiSegment => ({
  id: index,
  seek: Math.floor(segment.start * 100),
  start: segment.start,
  end: segment.end,
  text: segment.text,
  // Scrivo keeps no token ids nor a no-speech probability: empty and 0 (clients read text and times).
  tokens: [],
  temperature: 0,
  avg_logprob: avgLogprob(segment),
  compression_ratio: compressionRatio(segment.text),
  no_speech_prob: 0,
});

const toWords = (segments: readonly Segment[]): OpenAiWord[] =>
  segments.flatMap((s) => s.words.map((w) => ({ word: w.text.trim(), start: w.start, end: w.end })));

export const verboseTranscription = (
  transcript: Transcript,
  granularities: readonly OpenAiTimestampGranularity[],
): OpenAiVerboseTranscription => {
  // Segments come when asked for, or when no granularity is named (as OpenAI does).
  const withSegments = granularities.length === 0 || granularities.includes('segment');
  return {
    task: 'transcribe',
    language: openAiLanguage(transcript.language),
    duration: transcript.durationSeconds,
    text: transcript.text,
    ...(withSegments ? { segments: transcript.segments.map(toSegment) } : {}),
    ...(granularities.includes('word') ? { words: toWords(transcript.segments) } : {}),
  };
};

const JSON_TYPE = 'application/json';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** The answer in the asked format, through the same exports the library's downloads use. */
export const formatTranscription = (
  transcript: Transcript,
  format: OpenAiResponseFormat,
  granularities: readonly OpenAiTimestampGranularity[],
): FormattedAnswer => {
  switch (format) {
    case 'json':
      return { contentType: JSON_TYPE, body: JSON.stringify({ text: transcript.text }) };
    case 'text':
      return { contentType: TEXT_TYPE, body: `${transcript.text}\n` };
    case 'srt':
      return { contentType: TEXT_TYPE, body: toSrt(transcript, { speakers: false }) };
    case 'vtt':
      return { contentType: TEXT_TYPE, body: toVtt(transcript, { speakers: false }) };
    case 'verbose_json':
      return {
        contentType: JSON_TYPE,
        body: JSON.stringify(verboseTranscription(transcript, granularities)),
      };
  }
};
