import type { LineMatch, LineSearch, TranscriptLine } from '@scrivo/domain/questions';
import MiniSearch from 'minisearch';

// Question words carry no topic: left in, "what was decided about the budget" would rank every "was" and "the".
const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any are as at be been before being but by can could did do does ' +
    'doing for from had has have having he her here hers him his how i if in into is it its just me more most my ' +
    'no nor not of on once only or other our out over own said same say she should so some such than that the ' +
    'their them then there these they this those through to too under until up very was we were what when where ' +
    'which while who whom why will with would you your yours recording meeting transcript tell anything ' +
    // How people ask about a meeting ("summarize the discussion about", "what did the group think of"): these
    // words come back in every stretch of talk, so they pulled the reading away from the topic asked about.
    'summarize summarise summary discuss discussed discussing discussion discussions group groupmates groupmate ' +
    'team think thought opinion opinions towards toward idea ideas talk talked talking presenting presentation ' +
    'present come came went get got'
  ).split(' '),
);

/**
 * BM25 ranking of a transcript's lines with MiniSearch, built per question (an hour is ~1,000 lines: a few
 * milliseconds). Prefix and fuzzy terms let "decided" find "decide" and "budgets" find "budget".
 */
export class MiniSearchLineSearch implements LineSearch {
  rank(question: string, lines: readonly TranscriptLine[]): LineMatch[] {
    const index = new MiniSearch<TranscriptLine>({
      idField: 'line',
      fields: ['text', 'speaker'],
      extractField: (line, field) =>
        field === 'speaker' ? (line.speaker ?? '') : String(line[field as keyof TranscriptLine]),
      processTerm: (term) => {
        const word = term.toLowerCase();
        return STOP_WORDS.has(word) || word.length < 2 ? null : word;
      },
    });
    index.addAll(lines);
    return index
      .search(question, { prefix: true, fuzzy: 0.2, combineWith: 'OR', boost: { text: 2 } })
      .map((hit) => ({ line: Number(hit.id), score: hit.score }));
  }
}
