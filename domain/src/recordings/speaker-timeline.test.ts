import { describe, expect, it } from 'vitest';
import { normalizeTimeline, relabelTimeline, timelineFromSegments } from './speaker-timeline';
import type { Segment, TranscriptBody, Word } from './transcript';
import { applyTranscriptEdit } from './transcript-edit';

const word = (text: string, start: number, end: number) => ({ text, start, end, probability: 0.9 });
const line = (id: number, speaker: string | null, words: readonly Word[]): Segment => ({
  id,
  start: words[0]!.start,
  end: words.at(-1)!.end,
  text: words.map((w) => w.text).join(' '),
  speaker,
  words: [...words],
});

// Ann talks from 0 to 4 s, Bob from 3.5 to 8 s: both at once from 3.5 to 4 s.
const transcript: TranscriptBody = {
  language: 'en',
  languageProbability: 0.9,
  durationSeconds: 8,
  text: '',
  segments: [
    line(0, 'Speaker 1', [word('so', 0, 1), word('we', 1, 2), word('start', 2, 4)]),
    line(1, 'Speaker 2', [word('yes', 4, 5), word('we', 5, 6), word('do', 6, 8)]),
  ],
  speakerTimeline: [
    { speaker: 'Speaker 1', start: 0, end: 4 },
    { speaker: 'Speaker 2', start: 3.5, end: 8 },
  ],
  engine: 'test',
};

const edit = (changes: Partial<Parameters<typeof applyTranscriptEdit>[1]>) =>
  applyTranscriptEdit(transcript, { segments: [], speakers: {}, ...changes }).speakerTimeline;

describe('the speaker timeline', () => {
  it('keeps each speaker’s turns apart from the others’ and joins one speaker’s touching turns', () => {
    expect(
      normalizeTimeline([
        { speaker: 'B', start: 3, end: 5 },
        { speaker: 'A', start: 2, end: 3 },
        { speaker: 'A', start: 0, end: 2 },
        { speaker: 'A', start: 4, end: 4 },
      ]),
    ).toEqual([
      { speaker: 'A', start: 0, end: 3 },
      { speaker: 'B', start: 3, end: 5 },
    ]);
  });

  it('renames a speaker in the timeline with the lines', () => {
    expect(edit({ speakers: { 'Speaker 1': 'Ann' } })).toEqual([
      { speaker: 'Ann', start: 0, end: 4 },
      { speaker: 'Speaker 2', start: 3.5, end: 8 },
    ]);
  });

  it('makes two speakers renamed to one name one speaker, their time at once counted once', () => {
    expect(relabelTimeline(transcript.speakerTimeline!, { 'Speaker 2': 'Speaker 1' })).toEqual([
      { speaker: 'Speaker 1', start: 0, end: 8 },
    ]);
  });

  it('gives the stretch of words given to another speaker to that speaker, the pauses between them too', () => {
    const moved = line(1, 'Speaker 1', [word('yes', 4, 5), word('we', 5.5, 6)]);
    const rest = line(2, 'Speaker 2', [word('do', 6, 8)]);
    expect(edit({ restructure: { index: 1, remove: 1, insert: [moved, rest] } })).toEqual([
      { speaker: 'Speaker 1', start: 0, end: 6 },
      { speaker: 'Speaker 2', start: 3.5, end: 4 },
      { speaker: 'Speaker 2', start: 6, end: 8 },
    ]);
  });

  it('keeps the other voice heard at the same moment when words change speaker', () => {
    const third = line(0, 'Cleo', [word('so', 0, 1), word('we', 1, 2), word('start', 2, 4)]);
    expect(edit({ restructure: { index: 0, remove: 1, insert: [third] } })).toEqual([
      { speaker: 'Cleo', start: 0, end: 4 },
      { speaker: 'Speaker 2', start: 3.5, end: 8 },
    ]);
  });

  it('is not changed by splitting a line; merging two people’s lines gives the second one’s words to the first', () => {
    const split = [
      line(0, 'Speaker 1', [word('so', 0, 1)]),
      line(2, 'Speaker 1', [word('we', 1, 2), word('start', 2, 4)]),
    ];
    expect(edit({ restructure: { index: 0, remove: 1, insert: split } })).toEqual(transcript.speakerTimeline);
    const merged = line(0, 'Speaker 1', [...transcript.segments[0]!.words, ...transcript.segments[1]!.words]);
    expect(edit({ restructure: { index: 0, remove: 2, insert: [merged] } })).toEqual([
      { speaker: 'Speaker 1', start: 0, end: 8 },
      { speaker: 'Speaker 2', start: 3.5, end: 4 },
    ]);
  });

  it('comes back as it was when the change is undone', () => {
    // Only the stretch of the moved words changes hands: what the new speaker said there at the same time is not
    // told apart from it, so the undo of a move over someone's overlapping speech gives that stretch back whole.
    const moved = line(1, 'Speaker 1', transcript.segments[1]!.words);
    const after = applyTranscriptEdit(transcript, {
      segments: [],
      speakers: {},
      restructure: { index: 1, remove: 1, insert: [moved] },
    });
    expect(after.speakerTimeline).toEqual([
      { speaker: 'Speaker 1', start: 0, end: 8 },
      { speaker: 'Speaker 2', start: 3.5, end: 4 },
    ]);
    const undone = applyTranscriptEdit(after, {
      segments: [],
      speakers: {},
      restructure: { index: 1, remove: 1, insert: [transcript.segments[1]!], undoes: 2 },
    });
    expect(undone.speakerTimeline).toEqual(transcript.speakerTimeline);
  });

  it('stays absent on a transcript that never had one', () => {
    const { speakerTimeline: _none, ...old } = transcript;
    expect(applyTranscriptEdit(old, { segments: [], speakers: { 'Speaker 1': 'Ann' } })).not.toHaveProperty(
      'speakerTimeline',
    );
  });

  it('is read from the lines’ speakers where a transcript has no timeline', () => {
    expect(timelineFromSegments([...transcript.segments, line(2, null, [word('hm', 9, 10)])])).toEqual([
      { speaker: 'Speaker 1', start: 0, end: 4 },
      { speaker: 'Speaker 2', start: 4, end: 8 },
    ]);
  });
});
