import { describe, expect, it } from 'vitest';
import { pointsOfTheLines } from '../../src/summaries/points-said';
import { outlineQuestion, OUTLINE_QUESTION } from '../../src/summaries/prompts';
import { transcript } from './support/transcript';

// AMI IS1006a, as the summary reads it.
const lines = transcript([
  [165, 'Project Manager', "Next. Let's talk about money."],
  [179, 'Marketing', 'So. Twenty five Euro for a remote control.'],
  [198, 'Industrial Designer', "Yeah, we're to sell two million then."],
  [
    203,
    'Project Manager',
    "For a production cost of twelve fifty Euros maximum. 'Kay. So any of you have experience?",
  ],
  [
    435,
    'Industrial Designer',
    'Maybe we can change the colours that at least the frame.. so then it depends',
  ],
  [443, 'Marketing', 'Yeah, at least the colour would be different.'],
]);

describe('the model is told which lines are key points already', () => {
  it('are the lines that state a figure or put something forward, in their own words with who said them', () => {
    expect(pointsOfTheLines(lines)).toEqual([
      { text: 'Marketing: Twenty five Euro for a remote control.', at: 179 },
      { text: "Industrial Designer: We're to sell two million then.", at: 198 },
      { text: 'Project Manager: For a production cost of twelve fifty Euros maximum.', at: 203 },
      { text: 'Industrial Designer: Maybe we can change the colours that at least the frame.', at: 435 },
    ]);
  });

  it('names their seconds in the outline question, so its key points say what other lines state', () => {
    const question = outlineQuestion(pointsOfTheLines(lines));
    expect(question.startsWith(OUTLINE_QUESTION)).toBe(true);
    expect(question).toContain('The lines [179], [198], [203], [435] are key points already');
    expect(outlineQuestion([])).toBe(OUTLINE_QUESTION);
  });
});
