import { numberLines } from '@scrivo/domain/questions';
import { describe, expect, it } from 'vitest';
import { MiniSearchLineSearch } from './minisearch-line-search';

const lines = numberLines(
  [
    ['Anna', 'Good morning everyone, let us start with the launch of the new mobile app.'],
    ['Ben', 'The app store review took longer than planned.'],
    ['Anna', 'Then we agree to move the launch date to the ninth of March.'],
    ['Carla', 'Advertising costs went up by ten percent.'],
    ['Anna', 'We decide to shift twenty percent of the social budget to search ads.'],
    ['Carla', 'I will prepare the new budget table for the finance team.'],
  ].map(([speaker, text], id) => ({
    id,
    start: id * 10,
    end: id * 10 + 9,
    text: text!,
    speaker: speaker!,
    words: [],
  })),
);

describe('ranking transcript lines for a question (MiniSearch)', () => {
  const search = new MiniSearchLineSearch();

  it('ranks the lines about the topic first, finding "decide" for "decided" and ignoring question words', () => {
    const ranked = search.rank('What was decided about the budget?', lines);
    expect(ranked[0]?.line).toBe(5);
    expect(ranked.map((m) => m.line)).toContain(6);
    expect(ranked.map((m) => m.line)).not.toContain(2);
  });

  it('finds the line an answer was taken from, with the answer as the query (for an answer without ids)', () => {
    const ranked = search.rank(
      'Anna decided to shift twenty percent of the social budget to search ads, after costs went up.',
      lines,
    );
    expect(ranked[0]?.line).toBe(5);
    expect(ranked[1]!.score).toBeLessThan(ranked[0]!.score * 0.75);
  });

  it('finds nothing when the question shares no word with the transcript', () => {
    expect(search.rank('What is the capital of Peru?', lines)).toEqual([]);
  });

  it('finds what a person said by their name', () => {
    expect(
      search
        .rank('What did Carla say?', lines)
        .map((m) => m.line)
        .sort(),
    ).toEqual([4, 6]);
  });
});
