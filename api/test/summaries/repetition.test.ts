import { describe, expect, it } from 'vitest';
import {
  withoutRepeatedClauses,
  withoutRepeatedItems,
  withoutRepeatedSentences,
} from '../../src/summaries/repetition';

const LOOP = 'the decision to use an LCD display or something like that';

describe('a summary says each thing once', () => {
  it('cuts a clause the model repeated until it ran out of room down to one', () => {
    const looped = `The team discussed the remote control, ${Array(13).fill(LOOP).join(', ')}, the decision to use an LCD`;
    expect(withoutRepeatedClauses(looped)).toBe(`The team discussed the remote control, ${LOOP}.`);
  });

  it('leaves a text without repetition as it is', () => {
    const text =
      'The price is 25 euros, the production cost at most 12.50 euros; the aim is a profit of 50 million.';
    expect(withoutRepeatedClauses(text)).toBe(text);
    expect(withoutRepeatedClauses('We agree to use a rubber case, and a kinetic battery.')).toBe(
      'We agree to use a rubber case, and a kinetic battery.',
    );
  });

  it('lists a name once where the model looped on it', () => {
    const names = `The names were Christa Pavlov, Marketing, User Interface, ${Array(12).fill('Marketing').join(', ')}.`;
    expect(withoutRepeatedClauses(names)).toBe('The names were Christa Pavlov, Marketing, User Interface.');
  });

  it('keeps short clauses that only share a word ("yes, yes" aside)', () => {
    expect(withoutRepeatedClauses('The case is yellow, the buttons are yellow too.')).toBe(
      'The case is yellow, the buttons are yellow too.',
    );
  });

  it('keeps the first of two overview sentences that say the same', () => {
    expect(
      withoutRepeatedSentences(
        'The team chose an LCD display. They talked about the price. The team chose the LCD display.',
      ),
    ).toBe('The team chose an LCD display. They talked about the price.');
  });

  it('lists an item once across decisions, action items and key points, in that order', () => {
    const decisions = [{ text: 'Use an LCD display on the remote.', at: 10 }];
    const actionItems = [
      { text: 'Look into the price of an LCD display.', owner: 'Industrial Designer', at: 40 },
      { text: 'Look into the LCD display price.', owner: 'Industrial Designer', at: 41 },
    ];
    const keyPoints = [
      { text: 'An LCD display will be used on the remote.', at: 12 },
      { text: 'The remote sells for 25 euros.', at: 30 },
    ];
    const [d, a, k] = withoutRepeatedItems<{ text: string; at: number }>([decisions, actionItems, keyPoints]);
    expect(d!.map((p) => p.text)).toEqual(['Use an LCD display on the remote.']);
    expect(a!.map((p) => p.text)).toEqual(['Look into the price of an LCD display.']);
    expect(k!.map((p) => p.text)).toEqual(['The remote sells for 25 euros.']);
  });

  it('keeps items that say different things about the same subject', () => {
    const [points] = withoutRepeatedItems([
      [
        { text: 'The remote has a rubber case.' },
        { text: 'The remote has a kinetic battery.' },
        { text: 'The remote should be easy to find.' },
      ],
    ]);
    expect(points).toHaveLength(3);
  });
});

describe('an overview the model ran on with', () => {
  it('keeps a pattern it fell into to its first two sentences and leaves out the sentence cut off', () => {
    const overview =
      "The project manager and marketing are evaluating a prototype. The team is also evaluating the product's functionality and usability. The team is also evaluating the product's marketing strategy. The team is also evaluating the product's pricing. The team's";
    expect(withoutRepeatedSentences(overview)).toBe(
      "The project manager and marketing are evaluating a prototype. The team is also evaluating the product's functionality and usability. The team is also evaluating the product's marketing strategy.",
    );
  });
});

describe('an overview says one thing once, whoever it is said of', () => {
  it('keeps the first of the same sentence said of each speaker in turn (IS1006a, the shipped model)', () => {
    const people = ['Project Manager', 'User Interface', 'Industrial Designer', 'Marketing'];
    const overview =
      'The Industrial Designer proposed two switches. The User Interface team will work on the ideas and try to ' +
      'make the ones. The Industrial Designer will work on the ideas and try to make the ones. The Marketing team ' +
      'will work on the ideas and try to make the ones.';
    expect(withoutRepeatedSentences(overview, 'en', people)).toBe(
      'The Industrial Designer proposed two switches. The User Interface team will work on the ideas and try to ' +
        'make the ones.',
    );
  });
});
