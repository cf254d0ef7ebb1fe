import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import type { RecordingEvent } from './events';
import { type RecordingCommand, recordingDecider } from './recording';
import { completedWith } from './testing/completed-recording';
import type { Segment, TranscriptBody } from './transcript';
import { applyTranscriptEdit, type StructureChange, type TranscriptSplice } from './transcript-edit';

const spec = DeciderSpecification.for(recordingDecider);
const now = '2026-03-01T10:00:00.000Z';
const word = (text: string, start: number, end: number) => ({ text, start, end, probability: 0.9 });
const segments: Segment[] = [
  {
    id: 0,
    start: 0,
    end: 3,
    text: ' ask not what',
    speaker: 'SPEAKER_00',
    words: [word('ask', 0, 1), word('not', 1, 2), word('what', 2, 3)],
    confidence: 0.9,
  },
  {
    id: 1,
    start: 3,
    end: 5,
    text: ' your country',
    speaker: 'SPEAKER_01',
    words: [word('your', 3, 4), word('country', 4, 5)],
  },
];
const transcript: TranscriptBody = {
  language: 'en',
  languageProbability: 0.98,
  durationSeconds: 5,
  text: 'ask not what your country',
  segments,
  engine: 'test',
};
const completed = completedWith(transcript);

const restructure = (
  change: StructureChange | { kind: 'undo' },
  changes: Partial<Extract<RecordingCommand, { type: 'RestructureTranscript' }>> = {},
): RecordingCommand => ({
  type: 'RestructureTranscript',
  expectedVersion: 1,
  change,
  plan: 'premium',
  now,
  ...changes,
});

const edited = (version: number, splice: TranscriptSplice): RecordingEvent => ({
  type: 'TranscriptEdited',
  data: { recordingId: 'r1', version, segments: [], speakers: {}, restructure: splice, at: now },
});

/** The transcript after the given events, as exports and the page read it. */
const after = (events: RecordingEvent[]) =>
  events.reduce(
    (body, e) => (e.type === 'TranscriptEdited' ? applyTranscriptEdit(body, e.data) : body),
    transcript,
  );
const lines = (body: TranscriptBody) => body.segments.map((s) => `${s.speaker}: ${s.text.trim()}`);

describe('moving words and lines to another speaker', () => {
  it('gives a whole line to an existing speaker as a new version', () => {
    spec
      .given(completed)
      .when(
        restructure({
          kind: 'assignSpeaker',
          from: { segment: 1, word: 0 },
          to: { segment: 1, word: 1 },
          speaker: 'SPEAKER_00',
        }),
      )
      .then([edited(2, { index: 1, remove: 1, insert: [{ ...segments[1]!, speaker: 'SPEAKER_00' }] })]);
  });

  it('cuts a line where the selected words start and end, the words keeping their times', () => {
    spec
      .given(completed)
      .when(
        restructure({
          kind: 'assignSpeaker',
          from: { segment: 0, word: 1 },
          to: { segment: 0, word: 1 },
          speaker: '  Alice  ',
        }),
      )
      .then((events) => {
        expect(lines(after(events))).toEqual([
          'SPEAKER_00: ask',
          'Alice: not',
          'SPEAKER_00: what',
          'SPEAKER_01: your country',
        ]);
        const [first, moved, rest] = after(events).segments;
        expect(moved).toMatchObject({ id: 2, start: 1, end: 2 });
        expect(rest).toMatchObject({ id: 3, start: 2, end: 3 });
        // The engine's doubt was about the old line, not these pieces.
        expect(first).not.toHaveProperty('confidence');
        expect(events[0]?.data).toMatchObject({ version: 2 });
      });
  });

  it('moves a run of words that crosses lines', () => {
    spec
      .given(completed)
      .when(
        restructure({
          kind: 'assignSpeaker',
          from: { segment: 0, word: 2 },
          to: { segment: 1, word: 0 },
          speaker: 'SPEAKER_01',
        }),
      )
      .then((events) =>
        expect(lines(after(events))).toEqual([
          'SPEAKER_00: ask not',
          'SPEAKER_01: what',
          'SPEAKER_01: your',
          'SPEAKER_01: country',
        ]),
      );
  });

  it('makes no version when the words already belong to that speaker', () => {
    spec
      .given(completed)
      .when(
        restructure({
          kind: 'assignSpeaker',
          from: { segment: 1, word: 0 },
          to: { segment: 1, word: 1 },
          speaker: 'SPEAKER_01',
        }),
      )
      .then([]);
  });

  it('refuses words that do not exist, a backwards selection and an empty name', () => {
    const refused = (change: StructureChange) =>
      spec
        .given(completed)
        .when(restructure(change))
        .thenThrows((error) => (error as { code?: string }).code === 'VALIDATION_FAILED');
    const from = { segment: 0, word: 0 };
    refused({ kind: 'assignSpeaker', from, to: { segment: 1, word: 2 }, speaker: 'A' });
    refused({ kind: 'assignSpeaker', from, to: { segment: 2, word: 0 }, speaker: 'A' });
    refused({ kind: 'assignSpeaker', from: { segment: 1, word: 0 }, to: from, speaker: 'A' });
    refused({ kind: 'assignSpeaker', from, to: from, speaker: '   ' });
    refused({ kind: 'mergeWithPrevious', index: 0 });
    refused({ kind: 'split', index: 0, word: 0 });
    refused({ kind: 'split', index: 0, word: 3 });
  });

  it('follows the editor rules: plan, completed transcript, current version', () => {
    const change: StructureChange = { kind: 'mergeWithPrevious', index: 1 };
    spec
      .given(completed)
      .when(restructure(change, { plan: 'free' }))
      .thenThrows((error) => (error as { code?: string }).code === 'PLAN_UPGRADE_REQUIRED');
    spec
      .given(completed)
      .when(restructure(change, { expectedVersion: 2 }))
      .thenThrows((error) => (error as { code?: string }).code === 'TRANSCRIPT_VERSION_CONFLICT');
  });
});

describe('merging and splitting lines', () => {
  it('merges a line into the one before it: one line from the first start to the last end, first speaker', () => {
    spec
      .given(completed)
      .when(restructure({ kind: 'mergeWithPrevious', index: 1 }))
      .then((events) => {
        expect(lines(after(events))).toEqual(['SPEAKER_00: ask not what your country']);
        expect(after(events).segments[0]).toMatchObject({ id: 0, start: 0, end: 5 });
        expect(after(events).segments[0]?.words).toHaveLength(5);
      });
  });

  it('splits a line before a word: two lines of the same speaker, the times cut at that word', () => {
    spec
      .given(completed)
      .when(restructure({ kind: 'split', index: 0, word: 2 }))
      .then((events) => {
        expect(lines(after(events))).toEqual([
          'SPEAKER_00: ask not',
          'SPEAKER_00: what',
          'SPEAKER_01: your country',
        ]);
        expect(after(events).segments.map((s) => [s.id, s.start, s.end])).toEqual([
          [0, 0, 2],
          [2, 2, 3],
          [1, 3, 5],
        ]);
      });
  });
});

describe('undoing a speaker or line change', () => {
  const splitSplice: TranscriptSplice = {
    index: 0,
    remove: 1,
    insert: [
      { ...segments[0]!, id: 0, end: 2, text: 'ask not', words: segments[0]!.words.slice(0, 2) },
      { ...segments[0]!, id: 2, start: 2, text: 'what', words: segments[0]!.words.slice(2) },
    ],
  };
  const split = edited(2, splitSplice);
  const merged = edited(3, { index: 1, remove: 2, insert: [{ ...segments[1]!, id: 2 }] });

  it('takes back the newest change as a new version, then the one before it', () => {
    spec
      .given([...completed, split, merged])
      .when(restructure({ kind: 'undo' }, { expectedVersion: 3 }))
      .then((events) => {
        expect(events[0]?.data).toMatchObject({ version: 4, restructure: { undoes: 3 } });
        expect(lines(after([split, merged, ...events]))).toEqual(lines(after([split])));
      });
    const undoMerge = edited(4, {
      index: 1,
      remove: 1,
      insert: [splitSplice.insert[1]!, segments[1]!],
      undoes: 3,
    });
    spec
      .given([...completed, split, merged, undoMerge])
      .when(restructure({ kind: 'undo' }, { expectedVersion: 4 }))
      .then((events) => {
        expect(events[0]?.data).toMatchObject({ version: 5, restructure: { undoes: 2 } });
        expect(after([split, merged, undoMerge, ...events]).segments).toEqual(segments);
      });
  });

  it('has nothing to undo before any change, or once a text edit was saved on top', () => {
    const nothing = (error: unknown) => (error as { code?: string }).code === 'NOTHING_TO_UNDO';
    spec
      .given(completed)
      .when(restructure({ kind: 'undo' }))
      .thenThrows(nothing);
    const textEdit: RecordingEvent = {
      type: 'TranscriptEdited',
      data: { recordingId: 'r1', version: 3, segments: [], speakers: { SPEAKER_01: 'Bob' }, at: now },
    };
    spec
      .given([...completed, split, textEdit])
      .when(restructure({ kind: 'undo' }, { expectedVersion: 3 }))
      .thenThrows(nothing);
  });

  it('still accepts text edits by the new line numbers after a split', () => {
    spec
      .given([...completed, split])
      .when({
        type: 'EditTranscript',
        expectedVersion: 2,
        segments: [{ index: 2, text: 'your nation' }],
        speakers: {},
        plan: 'premium',
        now,
      })
      .then((events) => expect(lines(after([split, ...events]))[2]).toBe('SPEAKER_01: your nation'));
  });
});
