import { describe, expect, it } from 'vitest';
import { toTranscript, type WorkerResult } from './worker-transcript';

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
