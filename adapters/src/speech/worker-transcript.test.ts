import { describe, expect, it } from 'vitest';
import { encodeVoicePrint } from '@scrivo/domain/voices';
import {
  MAX_HEADER_VOICE_PRINTS,
  toTranscript,
  voicePrintsHeader,
  type WorkerResult,
} from './worker-transcript';

const result = (extra: Partial<WorkerResult>): WorkerResult => ({
  text: 'Hi. Hello.',
  language: 'en',
  duration: 6,
  segments: [
    { start: 0, end: 2, text: ' Hi.', speaker: 'Speaker 1', words: [] },
    { start: 2, end: 5, text: ' Hello.', speaker: 'Speaker 2', words: [] },
  ],
  ...extra,
});

describe('the worker’s transcript, mapped onto the canonical one', () => {
  it('carries the speaker timeline, two people at once included', () => {
    const timeline = [
      { speaker: 'Speaker 1', start: 0.1, end: 2.4 },
      { speaker: 'Speaker 2', start: 2.1, end: 5 },
    ];
    expect(
      toTranscript(result({ speakerTimeline: timeline }), 'w', { language: null }).speakerTimeline,
    ).toEqual(timeline);
  });

  it('leaves out turns that are not a labelled stretch of time, and keeps the rest', () => {
    const transcript = toTranscript(
      result({
        speakerTimeline: [
          { speaker: 'Speaker 1', start: 0, end: 2 },
          { speaker: '', start: 1, end: 2 },
          { speaker: 'Speaker 2', start: 3, end: 3 },
          { speaker: 'Speaker 2', start: 'soon', end: 4 },
        ],
      }),
      'w',
      { language: null },
    );
    expect(transcript.speakerTimeline).toEqual([{ speaker: 'Speaker 1', start: 0, end: 2 }]);
  });

  it('has no timeline when the engine sent none (no speaker labels, an HF endpoint)', () => {
    expect(toTranscript(result({}), 'w', { language: null })).not.toHaveProperty('speakerTimeline');
  });
});

describe('the X-Voice-Prints header', () => {
  it('carries each print as the events keep it, comma-separated, and at most what one header line holds', () => {
    const prints = [
      [0.5, -1.25, 3],
      [1, 0, 0],
    ];
    expect(voicePrintsHeader(prints)).toBe(prints.map(encodeVoicePrint).join(','));
    const many = Array.from({ length: 100 }, () => Array.from({ length: 192 }, () => 0.1));
    const header = voicePrintsHeader(many);
    expect(header.split(',')).toHaveLength(MAX_HEADER_VOICE_PRINTS);
    expect(header.length).toBeLessThan(65_536 - 100);
  });
});
