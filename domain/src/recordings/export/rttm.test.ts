import { describe, expect, it } from 'vitest';
import type { Segment } from '../transcript';
import { toRttm } from './rttm';

const line = (id: number, start: number, end: number, speaker: string | null): Segment => ({
  id,
  start,
  end,
  text: 'words',
  speaker,
  words: [],
});
const segments = [line(0, 0, 4, 'Ann Lee'), line(1, 4, 8, 'Speaker 2')];

describe('the RTTM export', () => {
  it('writes one SPEAKER line per turn of the timeline, two people at once included, names joined by underscores', () => {
    const rttm = toRttm(
      {
        segments,
        speakerTimeline: [
          { speaker: 'Ann Lee', start: 0.5, end: 4 },
          { speaker: 'Speaker 2', start: 3.25, end: 8.1 },
        ],
      },
      'Team call 3',
    );
    expect(rttm).toBe(
      'SPEAKER Team_call_3 1 0.500 3.500 <NA> <NA> Ann_Lee <NA> <NA>\n' +
        'SPEAKER Team_call_3 1 3.250 4.850 <NA> <NA> Speaker_2 <NA> <NA>\n',
    );
  });

  it('is read from the lines’ speakers for a transcript without a timeline, lines without one as unknown', () => {
    expect(toRttm({ segments: [...segments, line(2, 9, 10, null)] }, 'old')).toBe(
      'SPEAKER old 1 0.000 4.000 <NA> <NA> Ann_Lee <NA> <NA>\n' +
        'SPEAKER old 1 4.000 4.000 <NA> <NA> Speaker_2 <NA> <NA>\n' +
        'SPEAKER old 1 9.000 1.000 <NA> <NA> unknown <NA> <NA>\n',
    );
  });

  it('numbers the people in order of first appearance when names are left out', () => {
    const rttm = toRttm({ segments }, 'call', { speakers: false });
    expect(rttm.split('\n').map((l) => l.split(' ')[7])).toEqual(['Speaker_1', 'Speaker_2', undefined]);
  });
});
