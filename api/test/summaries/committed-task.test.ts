import { describe, expect, it } from 'vitest';
import { committedTasks, saysTask } from '../../src/summaries/committed-task';
import { transcript } from './support/transcript';

describe('what a line commits someone to', () => {
  it('is the clause after "I will", "we\'ll", "let\'s" or a name with "will", to the end of its sentence', () => {
    const lines = transcript([
      [0, 'Anna', 'Okay, so I will send the minutes to everyone by Friday. Thanks.'],
      [4, 'Ben', "Um, we'll test the rubber case with children next week; it may be too soft."],
      [9, 'Carla', "Let's put the menu on the television screen."],
      [14, 'Anna', 'And the Designer will draw the new button layout.'],
      [18, 'Ben', 'Olga will order the samples. It will take a week.'],
    ]);
    expect(committedTasks(lines, 0)).toEqual(['send the minutes to everyone by Friday']);
    expect(committedTasks(lines, 1)).toEqual(['test the rubber case with children next week']);
    expect(committedTasks(lines, 2)).toEqual(['put the menu on the television screen']);
    expect(committedTasks(lines, 3)).toEqual(['draw the new button layout']);
    expect(committedTasks(lines, 4)).toEqual(['order the samples']);
  });

  it('is the task asked for in a question that the next speaker says yes to, at either line', () => {
    const lines = transcript([
      [0, 'Anna', 'Ben, can you check the price of the chips?'],
      [3, 'Ben', 'Sure, no problem.'],
    ]);
    expect(committedTasks(lines, 0)).toEqual(['check the price of the chips']);
    expect(committedTasks(lines, 1)).toEqual(['check the price of the chips']);
  });

  // What real meetings say around the words of a commitment (AMI's product-design meetings, issue 41).
  it('is nothing where the words only predict, run the meeting, or score: fragments and fillers are not tasks', () => {
    const lines = transcript([
      [0, 'User Interface', "It's gonna be not my favourite one but the one I can draw."],
      [4, 'Project Manager', "Okay, let's begin."],
      [6, 'Project Manager', "I'll see you in half an hour."],
      [9, 'Industrial Designer', "I'll give it a two."],
      [11, 'Marketing', "Okay. I'll think of that."],
      [13, 'Project Manager', "So, I'm gonna look."],
      [15, 'Industrial Designer', "We'll wait outside."],
      [17, 'Marketing', 'So I will just type, hold it on.'],
      [20, 'Anna', 'Will we need a second meeting?'],
      [23, 'Ben', "I can't make it on Friday."],
    ]);
    for (const index of lines.keys()) expect(committedTasks(lines, index)).toEqual([]);
  });
});

describe('an action item stays where its cited line commits someone to it', () => {
  const lines = transcript([
    [0, 'Project Manager', 'So your personal coach will send you some instruction.'],
    [5, 'Marketing', "Okay, I'll look into what the trend watchers say about fruit and vegetables."],
    [11, 'User Interface', 'Be able to pull it up, I mean, then we will see.'],
  ]);

  it('keeps an item that says most of what the line commits to, in its own words', () => {
    expect(saysTask({ text: 'Look into trend watcher reports on fruit and vegetables.', at: 5 }, lines)).toBe(
      true,
    );
    expect(saysTask({ text: 'Marketing will look into the trends.', owner: 'Marketing', at: 5 }, lines)).toBe(
      true,
    );
  });

  it('drops a fragment of the line that is not what anyone took on, and an item citing no commitment', () => {
    expect(saysTask({ text: 'Be able to pull it up.', at: 11 }, lines)).toBe(false);
    expect(saysTask({ text: 'Send the coach the instructions.', at: 5 }, lines)).toBe(false);
    expect(saysTask({ text: 'Think about fruit.', at: 0 }, transcript([[0, 'A', 'Fruit is in.']]))).toBe(
      false,
    );
  });
});
