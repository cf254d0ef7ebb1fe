import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../testing';
import type { RecordingEvent } from '../events';
import type { PieceTranscript } from '../pieces';
import type { RecordingCommand } from './commands';
import { now, recordingOf } from '../testing/completed-recording';
import { recordingDecider } from './decider';

const spec = DeciderSpecification.for(recordingDecider);
const meeting = recordingOf(300, 'Meeting', 'meeting.wav');
/** A 5-minute meeting whose transcription is running. */
const ready: RecordingEvent[] = [...meeting.ready, meeting.requested, meeting.started];
const spans = [
  { index: 0, start: 0, end: 151.2 },
  { index: 1, start: 151.2, end: 300 },
];
const split: RecordingEvent = {
  type: 'TranscriptionSplit',
  data: { recordingId: 'r1', jobId: 'j1', pieces: spans, at: now },
};
const piece = (index: number, text: string, speaker: string | null = null): PieceTranscript => {
  const start = spans[index]!.start + 1;
  return {
    language: 'en',
    languageProbability: 0.9,
    engine: 'test',
    segments: [{ id: 0, start, end: start + 2, text, speaker, words: [] }],
  };
};
const transcribed = (index: number, text: string, speaker: string | null = null): RecordingEvent => {
  const { segments, ...rest } = piece(index, text, speaker);
  return {
    type: 'TranscriptPieceTranscribed',
    data: { recordingId: 'r1', jobId: 'j1', index, ...rest, segments: [...segments], at: now },
  };
};

describe('a long recording transcribed in pieces', () => {
  it('records the split of the current job once: a redo of the file job cuts nothing twice', () => {
    spec
      .given(ready)
      .when({ type: 'SplitTranscription', jobId: 'j1', pieces: spans, speakerLabels: false, now })
      .then([split]);
    spec
      .given([...ready, split])
      .when({ type: 'SplitTranscription', jobId: 'j1', pieces: spans, speakerLabels: false, now })
      .thenNothingHappens();
    spec
      .given(ready)
      .when({ type: 'SplitTranscription', jobId: 'old', pieces: spans, speakerLabels: false, now })
      .thenNothingHappens();
  });

  it('refuses pieces that leave a gap', () => {
    spec
      .given(ready)
      .when({
        type: 'SplitTranscription',
        jobId: 'j1',
        pieces: [spans[0]!, { index: 1, start: 160, end: 300 }],
        speakerLabels: false,
        now,
      })
      .thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
  });

  it('records a piece once: a retried piece adds nothing', () => {
    spec
      .given([...ready, split])
      .when({ type: 'RecordPieceTranscript', jobId: 'j1', index: 1, transcript: piece(1, 'later'), now })
      .then([transcribed(1, 'later')]);
    spec
      .given([...ready, split, transcribed(1, 'later')])
      .when({ type: 'RecordPieceTranscript', jobId: 'j1', index: 1, transcript: piece(1, 'later'), now })
      .thenNothingHappens();
  });

  it('completes with the joined transcript when the last piece is in, and only once', () => {
    spec
      .given([...ready, split, transcribed(1, 'and the end.')])
      .when({ type: 'RecordPieceTranscript', jobId: 'j1', index: 0, transcript: piece(0, 'The start'), now })
      .then((events) => {
        expect(events.map((e) => e.type)).toEqual(['TranscriptPieceTranscribed', 'TranscriptionCompleted']);
        const completed = events[1]!;
        if (completed.type !== 'TranscriptionCompleted') throw new Error('not completed');
        expect(completed.data.transcript.text).toBe('The start and the end.');
        expect(completed.data.transcript.segments.map((s) => [s.id, s.start])).toEqual([
          [0, 1],
          [1, 152.2],
        ]);
        expect(completed.data.transcript.durationSeconds).toBe(300);
      });
    // Two workers finished the last two pieces at once: the one that lost the race decides again, and finds the
    // transcription complete.
    const both = [...ready, split, transcribed(1, 'and the end.'), transcribed(0, 'The start')];
    const completed = recordingDecider.decide(
      { type: 'RecordPieceTranscript', jobId: 'j1', index: 0, transcript: piece(0, 'The start'), now },
      [...ready, split, transcribed(1, 'and the end.')].reduce(
        recordingDecider.evolve,
        recordingDecider.initialState(),
      ),
    )[1]!;
    spec
      .given([...both, completed])
      .when({
        type: 'RecordPieceTranscript',
        jobId: 'j1',
        index: 1,
        transcript: piece(1, 'and the end.'),
        now,
      })
      .thenNothingHappens();
  });

  it('ignores a piece of a cancelled transcription or of an earlier attempt', () => {
    const cancelled: RecordingEvent = {
      type: 'TranscriptionCancelled',
      data: { recordingId: 'r1', jobId: 'j1', at: now },
    };
    spec
      .given([...ready, split, cancelled])
      .when({ type: 'RecordPieceTranscript', jobId: 'j1', index: 0, transcript: piece(0, 'x'), now })
      .thenNothingHappens();
    spec
      .given([...ready, split])
      .when({ type: 'RecordPieceTranscript', jobId: 'old', index: 0, transcript: piece(0, 'x'), now })
      .thenNothingHappens();
  });

  describe('with speaker labels', () => {
    const splitWithSpeakers: RecordingEvent = {
      type: 'TranscriptionSplit',
      data: { recordingId: 'r1', jobId: 'j1', pieces: spans, speakerLabels: true, at: now },
    };
    const bothIn = [
      ...ready,
      splitWithSpeakers,
      transcribed(0, 'Hello.', 'SPEAKER_00'),
      transcribed(1, 'Hello again.', 'SPEAKER_01'),
    ];

    it('waits for the speakers of every piece to be clustered before it joins the transcript', () => {
      spec
        .given([...ready, splitWithSpeakers, transcribed(0, 'Hello.', 'SPEAKER_00')])
        .when({
          type: 'RecordPieceTranscript',
          jobId: 'j1',
          index: 1,
          transcript: piece(1, 'Hello again.', 'SPEAKER_01'),
          now,
        })
        .then([transcribed(1, 'Hello again.', 'SPEAKER_01')]);
    });

    it('joins with one label per person across the pieces, once', () => {
      const join: RecordingCommand = {
        type: 'JoinPieceSpeakers',
        jobId: 'j1',
        speakers: [{ SPEAKER_00: 'Speaker 1' }, { SPEAKER_01: 'Speaker 1' }],
        now,
      };
      const completed = recordingDecider.decide(
        join,
        bothIn.reduce(recordingDecider.evolve, recordingDecider.initialState()),
      );
      spec
        .given(bothIn)
        .when(join)
        .then((events) => {
          expect(events).toHaveLength(1);
          const [event] = events;
          if (event?.type !== 'TranscriptionCompleted') throw new Error('not completed');
          expect(event.data.transcript.segments.map((s) => s.speaker)).toEqual(['Speaker 1', 'Speaker 1']);
        });
      spec
        .given([...bothIn, ...completed])
        .when(join)
        .thenNothingHappens();
    });

    it('keeps each piece’s speaker timeline and joins them under the file-wide labels', () => {
      const timed = (index: number, speaker: string): PieceTranscript => ({
        ...piece(index, 'Hi.', speaker),
        speakerTimeline: [{ speaker, start: spans[index]!.start + 1, end: spans[index]!.start + 3 }],
      });
      const recorded = (index: number, speaker: string): RecordingEvent => {
        const { segments, ...rest } = timed(index, speaker);
        return {
          type: 'TranscriptPieceTranscribed',
          data: { recordingId: 'r1', jobId: 'j1', index, ...rest, segments: [...segments], at: now },
        };
      };
      spec
        .given([...ready, splitWithSpeakers])
        .when({
          type: 'RecordPieceTranscript',
          jobId: 'j1',
          index: 0,
          transcript: timed(0, 'SPEAKER_00'),
          now,
        })
        .then([recorded(0, 'SPEAKER_00')]);
      spec
        .given([...ready, splitWithSpeakers, recorded(0, 'SPEAKER_00'), recorded(1, 'SPEAKER_00')])
        .when({
          type: 'JoinPieceSpeakers',
          jobId: 'j1',
          speakers: [{ SPEAKER_00: 'Speaker 1' }, { SPEAKER_00: 'Speaker 2' }],
          now,
        })
        .then((events) => {
          const [event] = events;
          if (event?.type !== 'TranscriptionCompleted') throw new Error('not completed');
          expect(event.data.transcript.speakerTimeline).toEqual([
            { speaker: 'Speaker 1', start: 1, end: 3 },
            { speaker: 'Speaker 2', start: 152.2, end: 154.2 },
          ]);
        });
    });

    it('joins nothing before every piece is in', () => {
      spec
        .given([...ready, splitWithSpeakers, transcribed(0, 'Hello.', 'SPEAKER_00')])
        .when({ type: 'JoinPieceSpeakers', jobId: 'j1', speakers: [{}, {}], now })
        .thenNothingHappens();
    });
  });
});
