// Questions about long meetings (issue 41, item 4): does the question path read the lines that hold the answer?
// QMSum's specific questions come with the turns that hold their answers (relevant_text_span). For every AMI meeting
// of the development set longer than what a question reads whole, the product's retrieval (MiniSearchLineSearch, then
// chooseLines within CONTEXT_WORD_BUDGET words) picks the lines; this counts how many of the answer's turns and words
// are among them. No model runs. From the repository root:
//   node --conditions=source --import tsx bench/summaries/qmsum-questions.ts [--split=val|train|all] [--single]
import { MiniSearchLineSearch } from '@scrivo/adapters/search/minisearch-line-search';
import { CONTEXT_WORD_BUDGET, chooseLines, spreadToNeighbours } from '@scrivo/domain/questions';
import { questionMeetings, words } from './qmsum-question-set';

const split = process.argv.find((a) => a.startsWith('--split='))?.split('=')[1] ?? 'all';
const splits = split === 'all' ? ['train', 'val'] : [split];

const search = new MiniSearchLineSearch();
// --single: the lines as the question path chose them before issue 41 (the best single matches, a line either side).
const around = process.argv.includes('--single')
  ? (matches: { line: number; score: number }[]) => matches
  : spreadToNeighbours;
let questions = 0;
let questionsWithAll = 0;
let questionsWithHalf = 0;
let questionsWithNone = 0;
let spanWords = 0;
let spanWordsRead = 0;
let meetings = 0;
for (const dir of splits)
  for (const { segments, lines, questions: asked } of questionMeetings(dir)) {
    if (lines.reduce((n, l) => n + words(l.text), 0) <= CONTEXT_WORD_BUDGET) continue;
    meetings += 1;
    for (const q of asked) {
      const { span } = q;
      if (span.size === 0) continue;
      const chosen = new Set(
        chooseLines(lines, around(search.rank(q.query, lines), lines)).map((l) => l.line),
      );
      const found = [...span].filter((line) => chosen.has(line));
      const spanCount = [...span].reduce((n, line) => n + words(segments[line - 1]!.text), 0);
      const readCount = found.reduce((n, line) => n + words(segments[line - 1]!.text), 0);
      questions += 1;
      spanWords += Math.min(spanCount, CONTEXT_WORD_BUDGET);
      spanWordsRead += Math.min(readCount, CONTEXT_WORD_BUDGET);
      if (found.length === span.size) questionsWithAll += 1;
      if (found.length * 2 >= span.size) questionsWithHalf += 1;
      if (found.length === 0) questionsWithNone += 1;
    }
  }

const pct = (n: number, of: number) => `${Math.round((n / of) * 100)} %`;
console.log(
  `AMI meetings over ${CONTEXT_WORD_BUDGET} words (${splits.join(' + ')}): ${meetings}, questions with spans: ${questions}`,
);
console.log(`| Answer's turns read | Questions |`);
console.log('|---|---|');
console.log(`| all | ${questionsWithAll} (${pct(questionsWithAll, questions)}) |`);
console.log(`| at least half | ${questionsWithHalf} (${pct(questionsWithHalf, questions)}) |`);
console.log(`| none | ${questionsWithNone} (${pct(questionsWithNone, questions)}) |`);
console.log(
  `Answer's words read (a span counted up to the ${CONTEXT_WORD_BUDGET}-word budget): ${pct(spanWordsRead, spanWords)}`,
);
