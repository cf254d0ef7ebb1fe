import { describe, expect, it } from 'vitest';
import type { Segment } from '@scrivo/domain/recordings';
import { asTask, withoutSpeaker } from '../../src/summaries/summarizer';
import { checkedOwner, checkPoints } from '../../src/summaries/support-check';

const transcript = (lines: [number, string, string][]): Segment[] =>
  lines.map(([start, speaker, text], id) => ({
    id,
    start,
    end: lines[id + 1]?.[0] ?? start + 3,
    text: ` ${text}`,
    speaker,
    words: [],
  }));

/** The 30 s two-speaker telephone sample (pyannote's), as its reference transcript has it. */
const call = transcript([
  [7, 'Diane', 'Hello? Oh, hello. I did not know you were there.'],
  [10, 'Sheila', 'Neither did I.'],
  [11, 'Diane', 'Okay, then I thought you know, I heard a beep. This is Diane in New Jersey.'],
  [14, 'Sheila', "And I'm Sheila in Texas, originally from Chicago."],
  [17, 'Diane', "Oh, I'm originally from Chicago also. I'm in New Jersey now though."],
  [
    21,
    'Sheila',
    "Well, there isn't that much difference. At least you know, they all call me a Yankee down here.",
  ],
  [28, 'Diane', "Oh, I don't hear that in New Jersey now."],
]);

describe('a summary point stays only where the line it cites says it', () => {
  it('drops points that give one person’s words or facts to another, as a 1.5B model wrote them', () => {
    const { kept, dropped } = checkPoints(
      [
        { text: 'Sheila is also originally from New Jersey.', at: 14 },
        { text: 'Sheila calls Diane a Yankee.', at: 21 },
        { text: 'Diane lives in New Jersey.', at: 11 },
        { text: 'Sheila lives in Texas and is originally from Chicago.', at: 14 },
        { text: 'Where Sheila lives, they all call her a Yankee.', at: 21 },
      ],
      call,
      'en',
    );
    expect(dropped.map((p) => p.text)).toEqual([
      'Sheila is also originally from New Jersey.',
      'Sheila calls Diane a Yankee.',
    ]);
    expect(kept.map((p) => p.at)).toEqual([11, 14, 21]);
  });

  it('moves a point that cites the wrong second to the line that says it', () => {
    const { kept, moved } = checkPoints(
      [{ text: 'Diane is originally from Chicago too.', at: 7 }],
      call,
      'en',
    );
    expect(kept).toEqual([{ text: 'Diane is originally from Chicago too.', at: 17 }]);
    expect(moved).toBe(1);
  });

  it('points at the line that says it rather than the line before it', () => {
    const meeting = transcript([
      [45, 'Anna', 'And the decision is five dollars a month.'],
      [50, 'Ben', 'I will change the price in the app store listing today.'],
    ]);
    const { kept } = checkPoints(
      [{ text: 'Change the price in the app store listing.', at: 45 }],
      meeting,
      'en',
    );
    expect(kept).toEqual([{ text: 'Change the price in the app store listing.', at: 50 }]);
  });

  it('reads figures said in words and in digits alike', () => {
    const meeting = transcript([
      [0, 'Anna', 'Then we move the launch date to the fifteenth of March.'],
      [6, 'Ben', 'And the price is five dollars a month.'],
    ]);
    const { kept, dropped } = checkPoints(
      [
        { text: 'The launch moves to March 15.', at: 0 },
        { text: 'The price is $5 a month.', at: 6 },
        { text: 'The price is $7 a month.', at: 6 },
      ],
      meeting,
      'en',
    );
    expect(kept.map((p) => p.text)).toEqual(['The launch moves to March 15.', 'The price is $5 a month.']);
    expect(dropped.map((p) => p.text)).toEqual(['The price is $7 a month.']);
  });
});

describe('the owner of an action item is who the lines say', () => {
  const meeting = transcript([
    [0, 'Anna', 'Ben, can you send the report to the client?'],
    [4, 'Ben', 'Sure, by Friday.'],
    [8, 'Carla', 'I will book the room for the workshop.'],
    [12, 'Anna', 'Somebody should check the budget.'],
  ]);

  it('keeps an owner who speaks the line or is named beside it', () => {
    expect(checkedOwner('Ben', meeting, 4)).toBe('Ben');
    expect(checkedOwner('Ben', meeting, 0)).toBe('Ben');
  });

  it('gives an "I will" task to its speaker, whoever the model named', () => {
    expect(checkedOwner('Anna', meeting, 8)).toBe('Carla');
    expect(checkedOwner(null, meeting, 8)).toBe('Carla');
  });

  it('names nobody where nobody is named', () => {
    expect(checkedOwner('Anna', meeting, 12)).toBeNull();
  });
});

describe('an action item reads as a task', () => {
  it('is not a copied "I will" line', () => {
    expect(asTask('I will change the price in the app store listing today.')).toBe(
      'Change the price in the app store listing today.',
    );
    expect(asTask("Yes, I'll set up the domain by Wednesday")).toBe('Set up the domain by Wednesday');
    expect(asTask('Book the venue')).toBe('Book the venue');
  });
});

describe('a point reads as a point', () => {
  it('without the speaker label of the line it was copied from', () => {
    const lines = transcript([[0, 'Anna', 'The decision is five dollars a month.']]);
    expect(withoutSpeaker('Anna: The decision is five dollars a month.', lines)).toBe(
      'The decision is five dollars a month.',
    );
    expect(withoutSpeaker('Note: prices rise in May.', lines)).toBe('Note: prices rise in May.');
  });
});
