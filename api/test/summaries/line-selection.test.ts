import { describe, expect, it } from 'vitest';
import type { Segment } from '@scrivo/domain/recordings';
import { READ_WHOLE_UP_TO_WORDS, readingBudget, selectLines } from '../../src/summaries/line-selection';
import { wordCount } from '../../src/summaries/words';

const FILLER = ['Yeah, yeah.', 'Okay.', 'Right, right, mm-hmm.', 'Uh, yeah, I mean, sure.'];
const TALK = [
  'The dashboard loads in about four seconds for most customers at the moment.',
  'Most of the support tickets this month were about the export screen and the search results.',
  'The design team showed three versions of the new onboarding screens to customers last week.',
];

/** A long meeting: talk and filler, with a decision, a question and its answer at known places. */
const longMeeting = (): Segment[] => {
  const texts: string[] = [];
  for (let i = 0; i < 400; i += 1)
    texts.push(i % 3 === 0 ? TALK[i % TALK.length]! : FILLER[i % FILLER.length]!);
  texts[120] = 'Then we agree that the release waits until both blocking bugs are fixed.';
  texts[250] = 'Farid, could you ask the vendor for a new quote?';
  texts[251] = 'Sure, I can do that tomorrow morning.';
  return texts.map((text, id) => ({ id, start: id * 4, end: id * 4 + 4, text, speaker: 'S1', words: [] }));
};

const words = (segments: readonly Segment[]) => segments.reduce((n, s) => n + wordCount(s.text), 0);

describe('what the model reads of a long transcript', () => {
  it('reads a short transcript whole', () => {
    const short = longMeeting().slice(0, 30);
    expect(words(short)).toBeLessThanOrEqual(READ_WHOLE_UP_TO_WORDS);
    expect(selectLines(short)).toEqual(short);
  });

  it('keeps decisions, questions with their answers, and a line of every stretch, within the budget', () => {
    const meeting = longMeeting();
    const chosen = selectLines(meeting);
    expect(words(chosen)).toBeLessThanOrEqual(readingBudget(words(meeting)));
    expect(words(chosen)).toBeLessThan(words(meeting) * 0.6);
    const ids = chosen.map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining([120, 250, 251]));
    for (let stretch = 0; stretch < 400; stretch += 20)
      expect(ids.some((id) => id >= stretch && id < stretch + 20)).toBe(true);
    expect(chosen.some((s) => FILLER.includes(s.text))).toBe(false);
  });

  it('leaves lines out evenly over the meeting, not from its end', () => {
    const even: Segment[] = Array.from({ length: 300 }, (_, id) => ({
      id,
      start: id * 5,
      end: id * 5 + 5,
      text: `About topic ${Math.floor(id / 100) + 1}, we went through the numbers and the risks again.`,
      speaker: 'S1',
      words: [],
    }));
    const chosen = selectLines(even);
    expect(chosen.length).toBeLessThan(even.length);
    for (const third of [0, 1, 2]) {
      const inThird = chosen.filter((s) => Math.floor(s.id / 100) === third).length;
      expect(inThird).toBeGreaterThan(chosen.length / 4);
    }
  });
});

describe('what a summary must not lose (issue 41)', () => {
  it('reads the lines with figures, commitments and proposals and their answers, whatever the length', () => {
    const texts: string[] = [];
    for (let i = 0; i < 600; i += 1)
      texts.push(
        i % 2 === 0 ? TALK[i % TALK.length]!.replace(/\d+|four|three/g, 'some') : FILLER[i % FILLER.length]!,
      );
    texts[50] = 'The selling price of the remote will be twenty five Euro.';
    texts[300] = 'Maybe we should make the case out of rubber instead of plastic?';
    texts[301] = 'Yes, a rubber case is a good idea for the kids.';
    texts[590] = "I'll look into the cost of the kinetic battery.";
    const meeting = texts.map((text, id) => ({
      id,
      start: id * 4,
      end: id * 4 + 4,
      text,
      speaker: `S${id % 3}`,
      words: [],
    }));
    const ids = selectLines(meeting).map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([50, 300, 301, 590]));
  });

  it('reads what the product has to be and what not to do, as a kick-off meeting says them', () => {
    const texts: string[] = [];
    for (let i = 0; i < 600; i += 1)
      texts.push(
        i % 2 === 0 ? TALK[i % TALK.length]!.replace(/\d+|four|three/g, 'some') : FILLER[i % FILLER.length]!,
      );
    // AMI TS3010a and ES2006a.
    texts[40] = 'It has to be original, trendy and user-friendly.';
    texts[400] =
      "Yeah but I mean even though it has to be re original we shouldn't go like too far away from the usual ones, " +
      'because otherwise the new users will just have a lot of problems';
    const meeting = texts.map((text, id) => ({
      id,
      start: id * 4,
      end: id * 4 + 4,
      text,
      speaker: 'S1',
      words: [],
    }));
    const ids = selectLines(meeting).map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([40, 400]));
  });
});
