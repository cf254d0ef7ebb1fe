import { describe, expect, it } from 'vitest';
import type { Segment } from '../transcript';
import { buildCues, formatTimestamp, toSrt, toVtt } from './subtitles';
import { toPlainText, transcriptParagraphs, transcriptSpeakers } from './plain-text';

const words = (text: string, start: number, secondsPerWord: number) =>
  text.split(' ').map((w, i) => ({
    start: start + i * secondsPerWord,
    end: start + (i + 1) * secondsPerWord,
    text: w,
    probability: 0.9,
  }));

const segment = (
  id: number,
  text: string,
  start: number,
  secondsPerWord = 0.4,
  speaker: string | null = null,
): Segment => {
  const w = words(text, start, secondsPerWord);
  return { id, start, end: w.at(-1)!.end, text, speaker, words: w };
};

const long =
  'And so my fellow Americans ask not what your country can do for you ask what you can do for your country. ' +
  'My fellow citizens of the world ask not what America will do for you but what together we can do for the freedom of man.';

describe('subtitle cues', () => {
  const cues = buildCues({ language: 'en', segments: [segment(0, long, 0), segment(1, 'Thank you.', 30)] });

  it('keeps every line at most 42 characters and every cue at most 2 lines', () => {
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect([...line].length).toBeLessThanOrEqual(42);
    }
  });

  it('makes cues of about 1 to 7 seconds that never overlap', () => {
    cues.forEach((cue, i) => {
      expect(cue.end - cue.start).toBeLessThanOrEqual(7);
      expect(cue.end - cue.start).toBeGreaterThanOrEqual(0.8);
      if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
    });
  });

  it('loses no word', () => {
    expect(cues.flatMap((c) => c.lines).join(' ')).toBe(`${long} Thank you.`);
  });

  it('starts a new cue after a long pause and for a new speaker', () => {
    const turns = buildCues({
      language: 'en',
      segments: [segment(0, 'Hello there.', 0, 0.4, 'Alice'), segment(1, 'Hi.', 1, 0.4, 'Bob')],
    });
    expect(turns.map((c) => c.speaker)).toEqual(['Alice', 'Bob']);
  });

  it('wraps text without spaces (Japanese) by characters', () => {
    const ja = '今日はとても良い天気ですね散歩に行きましょう公園で会いましょうそれではまた後で会いましょう';
    const jaCues = buildCues({
      language: 'ja',
      segments: [{ id: 0, start: 0, end: 6, text: ja, speaker: null, words: [] }],
    });
    expect(jaCues.flatMap((c) => c.lines).join('')).toBe(ja);
    for (const cue of jaCues) for (const line of cue.lines) expect([...line].length).toBeLessThanOrEqual(42);
  });
});

describe('SRT and VTT', () => {
  const transcript = {
    language: 'en',
    segments: [segment(0, 'Ask not what your country can do for you.', 3661.5, 0.3, 'JFK')],
  };

  it('formats timestamps as HH:MM:SS,mmm (SRT) and HH:MM:SS.mmm (VTT)', () => {
    expect(formatTimestamp(3661.5, ',')).toBe('01:01:01,500');
    expect(formatTimestamp(0.0004, '.')).toBe('00:00:00.000');
  });

  it('writes numbered SRT cues with speaker names when asked', () => {
    expect(toSrt(transcript, { speakers: true })).toBe(
      '1\n01:01:01,500 --> 01:01:04,200\nJFK: Ask not what your\ncountry can do for you.\n',
    );
    expect(toSrt(transcript, { speakers: false })).not.toContain('JFK:');
  });

  it('writes a WEBVTT header and escapes markup characters', () => {
    const vtt = toVtt({ language: 'en', segments: [segment(0, 'a <b> & c', 0)] }, { speakers: false });
    expect(vtt.startsWith('WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.600\n')).toBe(true);
    expect(vtt).toContain('a &lt;b&gt; &amp; c');
  });
});

describe('plain text', () => {
  it('writes one paragraph per segment with optional timestamps and speakers', () => {
    const t = { segments: [segment(0, 'Hello.', 5, 0.4, 'Alice'), segment(1, 'Hi.', 65, 0.4, 'Bob')] };
    expect(toPlainText(t, { timestamps: true, speakers: true })).toBe(
      '[00:00:05] Alice: Hello.\n\n[00:01:05] Bob: Hi.\n',
    );
    expect(toPlainText(t, { timestamps: false, speakers: false })).toBe('Hello.\n\nHi.\n');
  });

  it("groups a speaker's consecutive lines under one name and one timestamp", () => {
    const t = {
      segments: [
        segment(0, 'Hello.', 0, 0.4, 'Alice'),
        segment(1, 'How are you?', 2, 0.4, 'Alice'),
        segment(2, 'Fine.', 4, 0.4, 'Bob'),
        segment(3, 'Thanks.', 5, 0.4, 'Bob'),
      ],
    };
    expect(toPlainText(t, { timestamps: true, speakers: true })).toBe(
      '[00:00:00] Alice: Hello. How are you?\n\n[00:00:04] Bob: Fine. Thanks.\n',
    );
    expect(transcriptSpeakers(t)).toEqual(['Alice', 'Bob']);
  });

  it('cuts a long turn every minute when timestamps are shown, marking the rest as the same speaker going on', () => {
    const t = { segments: [0, 30, 61, 90].map((start, i) => segment(i, `Part ${i}.`, start, 0.4, 'Alice')) };
    expect(transcriptParagraphs(t, { timestamps: true, speakers: true })).toEqual([
      { start: 0, speaker: 'Alice', text: 'Part 0. Part 1.', continued: false },
      { start: 61, speaker: 'Alice', text: 'Part 2. Part 3.', continued: true },
    ]);
    expect(transcriptParagraphs(t, { timestamps: false, speakers: true })).toHaveLength(1);
  });

  it('keeps one paragraph per segment when no one is named', () => {
    const t = { segments: [segment(0, 'One.', 0), segment(1, 'Two.', 2)] };
    expect(transcriptParagraphs(t, { timestamps: true, speakers: true })).toHaveLength(2);
  });
});
