// Questions about long meetings (issue 41, item 4): does the question path read the lines that hold the answer?
// QMSum's specific questions come with the turns that hold their answers (relevant_text_span). For every AMI meeting
// of the development set longer than what a question reads whole, the product's retrieval (MiniSearchLineSearch, then
// chooseLines within CONTEXT_WORD_BUDGET words) picks the lines; this counts how many of the answer's turns and words
// are among them. No model runs. From the repository root:
//   node --conditions=source --import tsx bench/summaries/qmsum-questions.ts [--split=val|train|all] [--single]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MiniSearchLineSearch } from '@scrivo/adapters/search/minisearch-line-search';
import { CONTEXT_WORD_BUDGET, chooseLines, numberLines, spreadToNeighbours } from '@scrivo/domain/questions';
import type { Segment } from '@scrivo/domain/recordings';

const DATA = process.env.SCRIVO_QMSUM_DIR ?? '/work/shared/meetings/qmsum-dev';
const split = process.argv.find((a) => a.startsWith('--split='))?.split('=')[1] ?? 'all';
const splits = split === 'all' ? ['train', 'val'] : [split];

interface QmsumMeeting {
  meeting_transcripts: { speaker: string; content: string }[];
  specific_query_list: { query: string; answer: string; relevant_text_span: [string, string][] }[];
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const clean = (text: string) =>
  text
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\s+([.,?!])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

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
  for (const file of readdirSync(join(DATA, dir)).filter((f) => /^(ES|IS|TS)/.test(f))) {
    const meeting = JSON.parse(readFileSync(join(DATA, dir, file), 'utf8')) as QmsumMeeting;
    // One segment per turn, so a turn's index is its line number less one (empty turns stay, as blank lines).
    const segments: Segment[] = meeting.meeting_transcripts.map((t, id) => ({
      id,
      start: id * 5,
      end: id * 5 + 5,
      text: clean(t.content),
      speaker: t.speaker,
      words: [],
    }));
    const lines = numberLines(segments);
    if (lines.reduce((n, l) => n + words(l.text), 0) <= CONTEXT_WORD_BUDGET) continue;
    meetings += 1;
    for (const q of meeting.specific_query_list) {
      const span = new Set<number>();
      for (const [from, to] of q.relevant_text_span)
        for (let turn = Number(from); turn <= Number(to); turn += 1)
          if (words(segments[turn]?.text ?? '') > 2) span.add(turn + 1);
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
