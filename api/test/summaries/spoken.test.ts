import { describe, expect, it } from 'vitest';
import { commits, splitLongLines, tidyLine } from '../../src/summaries/spoken';
import { figureSaid, withFiguresSaid } from '../../src/summaries/figures-said';
import { transcript } from './support/transcript';

describe('spoken lines as a summary reads them', () => {
  it('leaves out fillers, stutters and words broken off, and lines of fillers alone', () => {
    expect(tidyLine('Um so uh the the price is um twenty five Euro.')).toBe(
      'So the price is twenty five Euro.',
    );
    expect(tidyLine('S so any any questions?')).toBe('So any questions?');
    expect(tidyLine('Mm-hmm.')).toBeNull();
    expect(tidyLine('Uh, um.')).toBeNull();
  });

  it('keeps what English says twice on purpose, and short words that begin the next one', () => {
    expect(tidyLine('I think that that is fine, we were there.')).toBe(
      'I think that that is fine, we were there.',
    );
    expect(tidyLine('I imagine an answer.')).toBe('I imagine an answer.');
  });

  it('reads a long turn as its sentences, each at the second it is said', () => {
    const long = ` ${'We talked about the buttons of the remote and how many we need. '.repeat(4)}The selling price is twenty five Euro.`;
    const lines = splitLongLines(transcript([[100, 'Project Manager', long]], 60));
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)!.text).toBe('The selling price is twenty five Euro.');
    expect(lines.at(-1)!.start).toBeGreaterThan(140);
    expect(lines.at(-1)!.end).toBeCloseTo(160);
    const short = transcript([[0, 'Anna', 'Short line. Another one.']]);
    expect(splitLongLines(short)).toEqual(short);
  });
});

describe('a line that commits someone', () => {
  const lines = transcript([
    [0, 'Project Manager', "I'll send you the minutes after the meeting."],
    [4, 'Industrial Designer', 'Be able to pull it up.'],
    [8, 'Marketing', 'Just type hold it on.'],
    [10, 'Project Manager', 'Maybe we should use a rubber case?'],
    [13, 'Industrial Designer', 'Yeah, that sounds good.'],
    [16, 'User Interface', "Will we have time for the buttons? I can't say."],
    [20, 'Marketing', 'It will be expensive.'],
    [23, 'Project Manager', 'Anna will look at the batteries.'],
  ]);

  it('is an "I\'ll", a name with "will", or a yes to what was put forward', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => commits(lines, i))).toEqual([
      true,
      false,
      false,
      false,
      true,
      false,
      false,
      true,
    ]);
  });
});

describe('the figures a meeting states are key points', () => {
  const lines = transcript([
    [0, 'Project Manager', "So we're aiming to sell it for twenty five Euro."],
    [5, 'Project Manager', 'The production cost should be at most twelve fifty Euros.'],
    [9, 'Marketing', 'How much does it cost, ten Euro?'],
    [12, 'Industrial Designer', 'Give it a two.'],
    [15, 'Project Manager', 'We want a profit of fifty million Euro.'],
  ]);

  it("adds the ones no point cites, in the line's words, with who said them; not questions or scores", () => {
    const profit = { text: 'The profit aim is fifty million Euro.', at: 15 };
    expect(withFiguresSaid([profit], [], lines)).toEqual([
      profit,
      { text: "Project Manager: We're aiming to sell it for twenty five Euro.", at: 0 },
      { text: 'Project Manager: The production cost should be at most twelve fifty Euros.', at: 5 },
    ]);
  });

  it('keeps a figure said in a long turn, as the sentence or clause that states it', () => {
    const research =
      'Well I was looking at what the others sell and I think, you know, after all the research that we did last ' +
      'week on the market and the trends and the shops in town, twenty five Euro is what people pay for a remote ' +
      'that they like and that looks good in the room';
    expect(figureSaid(research)).toBe(
      'twenty five Euro is what people pay for a remote that they like and that looks good in the room',
    );
    const turn =
      'We looked at all of the remotes in the shop and most of them were grey and boring and really hard to use ' +
      'for anyone who is not into technology at all. The cheapest one was ten Euro. Nobody liked that one.';
    expect(figureSaid(turn)).toBe('The cheapest one was ten Euro.');
    expect(figureSaid('We like the colour yellow.')).toBeNull();
    expect(
      figureSaid('For a production cost of twelve fifty Euros maximum. So any of you have experience?'),
    ).toBe('For a production cost of twelve fifty Euros maximum.');
    expect(figureSaid('How much does it cost, ten Euro?')).toBeNull();
    expect(figureSaid('If we sell it, for twenty five Euro, would people buy it?')).toBeNull();
  });
});
