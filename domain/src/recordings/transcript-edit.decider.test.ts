import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import type { RecordingEvent } from './events';
import { type RecordingCommand, recordingDecider } from './recording';
import { completed, history, now, transcript } from './testing/completed-recording';
import type { TranscriptBody } from './transcript';
import { applyTranscriptEdit, deriveWords, MAX_SEGMENT_TEXT_LENGTH } from './transcript-edit';

const spec = DeciderSpecification.for(recordingDecider);
const edit = (changes: Partial<Extract<RecordingCommand, { type: 'EditTranscript' }>>): RecordingCommand => ({
  type: 'EditTranscript',
  expectedVersion: 1,
  segments: [],
  speakers: {},
  plan: 'premium',
  now,
  ...changes,
});

const firstEdit: RecordingEvent = {
  type: 'TranscriptEdited',
  data: {
    recordingId: 'r1',
    version: 2,
    segments: [
      {
        index: 1,
        text: 'what my country can do',
        words: [
          { start: 2, end: 2.889, text: 'what', probability: 1 },
          { start: 2.889, end: 3.333, text: 'my', probability: 1 },
          { start: 3.333, end: 4.889, text: 'country', probability: 1 },
          { start: 4.889, end: 5.556, text: 'can', probability: 1 },
          { start: 5.556, end: 6, text: 'do', probability: 1 },
        ],
      },
    ],
    speakers: {},
    at: now,
  },
};

describe('editing a transcript', () => {
  it('replaces a segment text, keeps its start and end and spreads new words over it by length', () => {
    spec
      .given(completed)
      .when(edit({ segments: [{ index: 1, text: '  what   my country can do ' }] }))
      .then([firstEdit]);
  });

  it('renames a speaker everywhere and makes a new version', () => {
    spec
      .given(completed)
      .when(edit({ speakers: { SPEAKER_00: ' Alice ' } }))
      .then([
        {
          type: 'TranscriptEdited',
          data: { recordingId: 'r1', version: 2, segments: [], speakers: { SPEAKER_00: 'Alice' }, at: now },
        },
      ]);
  });

  it('counts versions: the next edit starts from the version the last one made', () => {
    spec
      .given([...completed, firstEdit])
      .when(edit({ expectedVersion: 2, segments: [{ index: 0, text: 'Ask not' }] }))
      .then((events) => expect(events[0]?.data).toMatchObject({ version: 3 }));
  });

  it('refuses a stale version as a conflict that names the current one', () => {
    spec
      .given([...completed, firstEdit])
      .when(edit({ expectedVersion: 1, segments: [{ index: 0, text: 'Ask not' }] }))
      .thenThrows(
        (error) =>
          (error as { code?: string }).code === 'TRANSCRIPT_VERSION_CONFLICT' &&
          (error as { details?: { currentVersion?: number } }).details?.currentVersion === 2,
      );
  });

  it('knows renamed speakers by their new name afterwards', () => {
    const renamed: RecordingEvent = {
      type: 'TranscriptEdited',
      data: { recordingId: 'r1', version: 2, segments: [], speakers: { SPEAKER_00: 'Alice' }, at: now },
    };
    spec
      .given([...completed, renamed])
      .when(edit({ expectedVersion: 2, speakers: { SPEAKER_00: 'Bob' } }))
      .thenThrows({ code: 'VALIDATION_FAILED' });
    spec
      .given([...completed, renamed])
      .when(edit({ expectedVersion: 2, speakers: { Alice: 'Alice Smith' } }))
      .then((events) => expect(events[0]?.data).toMatchObject({ speakers: { Alice: 'Alice Smith' } }));
  });

  it('makes no version when a speaker is renamed to the name it has', () => {
    spec
      .given(completed)
      .when(edit({ speakers: { SPEAKER_00: 'SPEAKER_00' } }))
      .then([]);
  });

  it('is for Premium and Business Pro: the Free plan is asked to upgrade', () => {
    spec
      .given(completed)
      .when(edit({ plan: 'free', segments: [{ index: 0, text: 'Ask not' }] }))
      .thenThrows({ code: 'PLAN_UPGRADE_REQUIRED' });
    spec
      .given(completed)
      .when(edit({ plan: 'business_pro', segments: [{ index: 0, text: 'Ask not' }] }))
      .then((events) => expect(events).toHaveLength(1));
  });

  it('refuses a recording that is not completed, or deleted', () => {
    spec
      .given(history)
      .when(edit({ expectedVersion: 0, segments: [{ index: 0, text: 'Ask not' }] }))
      .thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
    spec
      .given([
        ...completed,
        { type: 'RecordingDeleted', data: { recordingId: 'r1', deletedAt: now, restorableUntil: now } },
      ])
      .when(edit({ segments: [{ index: 0, text: 'Ask not' }] }))
      .thenThrows({ code: 'NOT_FOUND' });
  });

  it('refuses segments out of range, empty or over-long text, repeated segments and empty edits', () => {
    const refused = (command: RecordingCommand) =>
      spec.given(completed).when(command).thenThrows({ code: 'VALIDATION_FAILED' });
    refused(edit({ segments: [{ index: 3, text: 'x' }] }));
    refused(edit({ segments: [{ index: -1, text: 'x' }] }));
    refused(edit({ segments: [{ index: 0, text: '   ' }] }));
    refused(edit({ segments: [{ index: 0, text: 'a'.repeat(MAX_SEGMENT_TEXT_LENGTH + 1) }] }));
    refused(
      edit({
        segments: [
          { index: 0, text: 'a' },
          { index: 0, text: 'b' },
        ],
      }),
    );
    refused(edit({ speakers: { SPEAKER_00: '' } }));
    refused(edit({ speakers: { NOBODY: 'Alice' } }));
    refused(edit({}));
  });
});

describe('transcript edit helpers', () => {
  it('gives a zero-length segment words that all sit at its start', () => {
    expect(deriveWords('thanks a lot', 6, 6).map((w) => [w.start, w.end])).toEqual([
      [6, 6],
      [6, 6],
      [6, 6],
    ]);
  });

  it('applies an edit to the full transcript: texts, words, speakers and the joined text', () => {
    const edited = applyTranscriptEdit(transcript, {
      segments: firstEdit.type === 'TranscriptEdited' ? firstEdit.data.segments : [],
      speakers: { SPEAKER_00: 'Alice' },
    });
    expect(edited.text).toBe('ask not what my country can do thanks');
    expect(edited.segments.map((s) => s.speaker)).toEqual(['Alice', 'SPEAKER_01', 'Alice']);
    expect(edited.segments[1]?.words.map((w) => w.text)).toEqual(['what', 'my', 'country', 'can', 'do']);
    expect(edited.segments[0]?.words).toEqual(transcript.segments[0]?.words);
  });

  it('keeps an edited segment’s language but drops the engine’s doubt: a person wrote those words', () => {
    const doubted: TranscriptBody = {
      ...transcript,
      segments: transcript.segments.map((s) => ({
        ...s,
        language: 'de',
        confidence: 0.3,
        lowConfidence: true,
      })),
    };
    const edited = applyTranscriptEdit(doubted, {
      segments: [{ index: 1, text: 'was dein Land tun kann', words: [] }],
      speakers: {},
    });
    expect(edited.segments[1]).toMatchObject({ language: 'de', text: 'was dein Land tun kann' });
    expect(edited.segments[1]).not.toHaveProperty('lowConfidence');
    expect(edited.segments[1]).not.toHaveProperty('confidence');
    expect(edited.segments[0]).toMatchObject({ language: 'de', confidence: 0.3, lowConfidence: true });
  });
});
