import { describe, expect, it } from 'vitest';
import type { Segment } from '../recordings/transcript';
import { parseAnswer, withoutLineIds } from './citations';
import {
  chooseLines,
  clock,
  NOT_IN_RECORDING,
  numberLines,
  questionPrompt,
  quoteLine,
  spreadToNeighbours,
  STRETCH_RADIUS,
} from './transcript-lines';

const segment = (id: number, start: number, speaker: string | null, text: string): Segment => ({
  id,
  start,
  end: start + 5,
  text: ` ${text}`,
  speaker,
  words: [],
});

const meeting = numberLines([
  segment(0, 0, 'Anna', 'Good morning, let us start with the launch.'),
  segment(1, 6, 'Ben', 'The review took longer, we are two weeks late.'),
  segment(2, 13, 'Anna', 'Then we move the launch date to the ninth of March.'),
  segment(3, 19, 'Carla', 'I will book the venue this week.'),
  segment(4, 27, 'Anna', '   '),
  segment(5, 34, 'Anna', 'Next topic is the budget.'),
]);

describe('numbering a transcript for a question', () => {
  it('numbers lines from 1 in segment order, tidies their text and drops blank ones without renumbering', () => {
    expect(meeting.map((l) => l.line)).toEqual([1, 2, 3, 4, 6]);
    expect(meeting[2]).toEqual({
      line: 3,
      start: 13,
      end: 18,
      speaker: 'Anna',
      text: 'Then we move the launch date to the ninth of March.',
    });
  });

  it('quotes each line with its id, its time and who said it', () => {
    expect(quoteLine(meeting[2]!)).toBe(
      '[L3 00:13] Anna: Then we move the launch date to the ninth of March.',
    );
    expect(quoteLine({ line: 9, start: 3729, end: 3731, speaker: null, text: 'Bye.' })).toBe(
      '[L9 1:02:09] Bye.',
    );
    expect(clock(221.9)).toBe('03:41');
  });

  it('asks the model to answer only from the lines, cite them, and say exactly when the answer is not there', () => {
    const [system, user] = questionPrompt('When is the launch?', meeting.slice(1, 3));
    expect(system!.content).toContain(NOT_IN_RECORDING);
    expect(system!.content).toContain('[L12]');
    expect(user!.content).toBe(
      'Transcript lines:\n[L2 00:06] Ben: The review took longer, we are two weeks late.\n' +
        '[L3 00:13] Anna: Then we move the launch date to the ninth of March.\n\nQuestion: When is the launch?',
    );
  });
});

describe('choosing the lines a question is answered from', () => {
  const long = numberLines(
    Array.from({ length: 100 }, (_, i) => segment(i, i * 10, 'S', `filler words number ${i} about nothing`)),
  );

  it('reads a short transcript whole when anything in it matches', () => {
    expect(chooseLines(meeting, [{ line: 3, score: 2 }])).toEqual(meeting);
  });

  it('chooses nothing when no line matches, so the answer is "not in this recording" without the model', () => {
    expect(chooseLines(meeting, [])).toEqual([]);
    expect(chooseLines(long, [{ line: 4, score: 0 }], 30)).toEqual([]);
  });

  it('takes the best matches with the line before and after each, in time order, within the word budget', () => {
    // Each line is 6 words: a budget of 30 holds five lines.
    const chosen = chooseLines(
      long,
      [
        { line: 10, score: 1 },
        { line: 50, score: 5 },
        { line: 80, score: 3 },
      ],
      30,
    );
    expect(chosen.map((l) => l.line)).toEqual([49, 50, 51, 79, 80]);
  });

  it("reads the stretch where the question's words come back over one line that says them once", () => {
    const matches = [
      { line: 10, score: 2.2 },
      { line: 60, score: 2 },
      { line: 63, score: 2 },
      { line: 66, score: 2 },
    ];
    const spread = spreadToNeighbours(matches, long);
    const best = [...spread].sort((a, b) => b.score - a.score)[0]!;
    expect(best.line).toBeGreaterThanOrEqual(60);
    expect(best.line).toBeLessThanOrEqual(66);
    // Lent to the lines around, less with the distance, and never past the transcript's ends; the match keeps
    // more than it lends, so one strong line elsewhere still outranks a stretch.
    const alone = spreadToNeighbours([{ line: 10, score: 1 }], long);
    const score = (line: number) => alone.find((m) => m.line === line)?.score ?? 0;
    expect(score(10)).toBeGreaterThan(2 * score(11));
    expect(score(11)).toBeGreaterThan(score(12));
    expect(score(12)).toBeGreaterThan(0);
    expect(score(10 + STRETCH_RADIUS + 1)).toBe(0);
    expect(spreadToNeighbours([{ line: 1, score: 1 }], long).map((m) => m.line)).toEqual(
      Array.from({ length: STRETCH_RADIUS + 1 }, (_, i) => i + 1),
    );
    const chosen = chooseLines(long, spread, 30).map((l) => l.line);
    expect(chosen.every((line) => line >= 59 && line <= 67)).toBe(true);
  });

  it('skips matches that point at lines it does not have and never takes a line twice', () => {
    const chosen = chooseLines(
      long,
      [
        { line: 500, score: 9 },
        { line: 20, score: 4 },
        { line: 21, score: 3 },
      ],
      60,
    );
    expect(chosen.map((l) => l.line)).toEqual([19, 20, 21, 22]);
  });
});

describe('reading the moments an answer cites', () => {
  it('maps each cited id to its line, once, in time order, and keeps the answer text', () => {
    const answer = parseAnswer(
      ' The launch moves to the ninth of March [L3], after a two-week delay [L2][L3]. ',
      meeting,
    );
    expect(answer.notInRecording).toBe(false);
    expect(answer.answer).toBe(
      'The launch moves to the ninth of March [L3], after a two-week delay [L2][L3].',
    );
    expect(answer.citations).toEqual([
      { line: 2, start: 6, end: 11, text: 'The review took longer, we are two weeks late.' },
      { line: 3, start: 13, end: 18, text: 'Then we move the launch date to the ninth of March.' },
    ]);
  });

  it('reads the ways a small model writes ids: lists, lower case, with the time, without brackets', () => {
    const cited = (text: string) => parseAnswer(text, meeting).citations.map((c) => c.line);
    expect(cited('Yes [L2, L4].')).toEqual([2, 4]);
    expect(cited('Yes [l3 00:13].')).toEqual([3]);
    expect(cited('As said in L4.')).toEqual([4]);
  });

  it('cites nothing for ids the model was not shown or made up, and then the answer is not in the recording', () => {
    const answer = parseAnswer('The budget doubled [L40].', meeting);
    expect(answer).toEqual({ answer: NOT_IN_RECORDING, citations: [], notInRecording: true });
  });

  it('cites the lines the answer matches best when the model forgot the ids, and none that match much less', () => {
    const answer = parseAnswer('The launch moves to the ninth of March.', meeting, [
      { line: 1, score: 2 },
      { line: 3, score: 8 },
      { line: 40, score: 9 },
      { line: 2, score: 6.5 },
    ]);
    expect(answer.notInRecording).toBe(false);
    expect(answer.citations.map((c) => c.line)).toEqual([2, 3]);
    expect(parseAnswer('The launch moves [L3].', meeting, [{ line: 1, score: 9 }]).citations).toHaveLength(1);
    expect(parseAnswer('The launch moves [L3].', meeting, [{ line: 1, score: 9 }]).citations[0]!.line).toBe(
      3,
    );
  });

  it('says "not in this recording" for an answer that neither cites nor matches a line it was shown', () => {
    expect(parseAnswer('Lima is the capital of Peru.', meeting, []).notInRecording).toBe(true);
  });

  it('takes the model at its word when it says the answer is not in the recording', () => {
    expect(parseAnswer('Not in this recording.', meeting).notInRecording).toBe(true);
    expect(parseAnswer('not in this recording [L1]', meeting)).toEqual({
      answer: NOT_IN_RECORDING,
      citations: [],
      notInRecording: true,
    });
  });

  it('shows the answer to people without the ids, which become the clickable moments', () => {
    expect(withoutLineIds('The launch moves to March [L3], after a delay [L2][L3].')).toBe(
      'The launch moves to March, after a delay.',
    );
  });
});
