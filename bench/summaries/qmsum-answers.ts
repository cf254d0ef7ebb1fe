// Answers to questions about long real meetings, with the model (issue 41's answers target: at least 60 % of the
// human answer's facts, each answer citing a line inside the human span). QMSum's specific questions about AMI
// meetings longer than what a question reads whole are asked exactly as the product asks them
// (api/src/questions/ask-question.query.ts: MiniSearch ranking, spreadToNeighbours, chooseLines, questionPrompt,
// parseAnswer) of the shipped local model; the human answer's facts are found as a summary's are
// (qmsum-score.ts). From the repository root, under the heavy lock:
//   flock /tmp/heavy.lock node --conditions=source --import tsx bench/summaries/qmsum-answers.ts [--questions=20]
//     [--split=val|train] [--per-meeting=2] [--out=/tmp/qmsum-answers.json]
// A saved run scored again, without the model: --rescore=/tmp/qmsum-answers.json --out=/tmp/rescored.json
// Beside the answer's own facts, the facts of what the reader is shown: the answer and, under it, the text of each
// line it cites ("Moments" on the transcript page, web/src/features/questions/components/question-panel.tsx).
import { readFileSync, writeFileSync } from 'node:fs';
import { LocalLanguageModel } from '@scrivo/adapters/language-models/local-language-model';
import { MiniSearchLineSearch } from '@scrivo/adapters/search/minisearch-line-search';
import { launchLanguageModel } from '@scrivo/adapters/testing/language-model-process';
import {
  ANSWER_MAX_TOKENS,
  CONTEXT_WORD_BUDGET,
  chooseLines,
  NOT_IN_RECORDING,
  parseAnswer,
  questionPrompt,
  spreadToNeighbours,
  withoutLineIds,
} from '@scrivo/domain/questions';
import { questionMeetings, words } from './qmsum-question-set';
import { factsFound, factsOf } from './qmsum-score';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const wanted = Number(arg('questions') ?? 20);
const split = arg('split') ?? 'val';
const perMeeting = Number(arg('per-meeting') ?? 2);
const out = arg('out') ?? '/tmp/qmsum-answers.json';

interface Asked {
  readonly meeting: string;
  readonly question: string;
  readonly human: string;
  readonly answer: string;
  readonly notInRecording: boolean;
  readonly facts: { fact: string; found: boolean }[];
  readonly citations: number[];
  /** The cited lines' text, as the page shows it under the answer (absent in runs saved before it was kept). */
  readonly cited?: string[];
  readonly factsShown?: { fact: string; found: boolean }[];
  readonly spanLines: number;
  readonly spanRead: number;
  readonly citesInsideSpan: boolean;
  readonly seconds: number;
}

const printTable = (rows: readonly Asked[]) => {
  const facts = rows.flatMap((r) => r.facts);
  const found = facts.filter((f) => f.found).length;
  const pct = (n: number, of: number) => `${Math.round((n / Math.max(of, 1)) * 100)} %`;
  const shown = rows.flatMap((r) => r.factsShown ?? []);
  const shownFound = shown.filter((f) => f.found).length;
  const inside = rows.filter((r) => r.citesInsideSpan).length;
  const none = rows.filter((r) => r.notInRecording).length;
  console.log(
    `| Questions | Facts of the human answers in ours | In the answer and the moments it shows | Answers citing a line inside the human span | "Not in this recording." | Seconds (median) |`,
  );
  console.log('|---|---|---|---|---|---|');
  const seconds = rows.map((r) => r.seconds).sort((a, b) => a - b);
  console.log(
    `| ${rows.length} (${split}) | ${found}/${facts.length} (${pct(found, facts.length)}) | ${shown.length > 0 ? `${shownFound}/${shown.length} (${pct(shownFound, shown.length)})` : '-'} | ${inside} (${pct(inside, rows.length)}) | ${none} | ${seconds[Math.floor(seconds.length / 2)] ?? '-'} |`,
  );
};

const main = async () => {
  const search = new MiniSearchLineSearch();
  const service = await launchLanguageModel();
  const model = new LocalLanguageModel({ url: service.url });
  const rows: Asked[] = [];
  try {
    for (const { name, lines, questions } of questionMeetings(split)) {
      if (rows.length >= wanted) break;
      if (lines.reduce((n, l) => n + words(l.text), 0) <= CONTEXT_WORD_BUDGET) continue;
      let asked = 0;
      for (const q of questions) {
        if (rows.length >= wanted || asked >= perMeeting) break;
        const { span } = q;
        if (span.size === 0) continue;
        asked += 1;
        const started = performance.now();
        const chosen = chooseLines(lines, spreadToNeighbours(search.rank(q.query, lines), lines));
        let answer: {
          answer: string;
          citations: readonly { line: number; text: string }[];
          notInRecording: boolean;
        } = {
          answer: NOT_IN_RECORDING,
          citations: [],
          notInRecording: true,
        };
        if (chosen.length > 0) {
          const completion = await model.complete({
            messages: questionPrompt(q.query, chosen),
            maxTokens: ANSWER_MAX_TOKENS,
            answerLanguage: 'en',
          });
          const parsed = parseAnswer(
            completion.text,
            chosen,
            search.rank(withoutLineIds(completion.text), chosen),
          );
          answer = {
            answer: parsed.notInRecording ? parsed.answer : withoutLineIds(parsed.answer),
            citations: [...parsed.citations],
            notInRecording: parsed.notInRecording,
          };
        }
        const citations = answer.citations.map((c) => c.line);
        const cited = answer.citations.map((c) => c.text);
        const row: Asked = {
          meeting: name,
          question: q.query,
          human: q.answer,
          answer: answer.answer,
          notInRecording: answer.notInRecording,
          facts: factsFound(factsOf(q.answer), answer.notInRecording ? '' : answer.answer),
          citations,
          cited,
          factsShown: factsFound(
            factsOf(q.answer),
            shownText(answer.notInRecording ? '' : answer.answer, cited),
          ),
          spanLines: span.size,
          spanRead: chosen.filter((l) => span.has(l.line)).length,
          citesInsideSpan: citations.some((line) => span.has(line)),
          seconds: Math.round((performance.now() - started) / 100) / 10,
        };
        rows.push(row);
        const found = row.facts.filter((f) => f.found).length;
        process.stderr.write(
          `${row.meeting} (${rows.length}/${wanted}) ${row.seconds} s: facts ${found}/${row.facts.length}, ` +
            `cites inside the span: ${row.citesInsideSpan}, span lines read ${row.spanRead}/${row.spanLines}\n`,
        );
        writeFileSync(out, JSON.stringify(rows, null, 2));
      }
    }
  } finally {
    await service.stop();
  }
  printTable(rows);
  console.log(`\nanswers and details: ${out}`);
};

const shownText = (answer: string, cited: readonly string[]) => [answer, ...cited].join('\n');

/** --rescore=FILE: a saved run's answers scored again with this scorer (no model). */
const rescore = (file: string) => {
  const saved: Asked[] = JSON.parse(readFileSync(file, 'utf8'));
  const rows = saved.map((row) => ({
    ...row,
    facts: factsFound(factsOf(row.human), row.notInRecording ? '' : row.answer),
    ...(row.cited
      ? {
          factsShown: factsFound(
            factsOf(row.human),
            shownText(row.notInRecording ? '' : row.answer, row.cited),
          ),
        }
      : {}),
  }));
  writeFileSync(out, JSON.stringify(rows, null, 2));
  printTable(rows);
};

const rescored = arg('rescore');
(rescored ? Promise.resolve(rescore(rescored)) : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
