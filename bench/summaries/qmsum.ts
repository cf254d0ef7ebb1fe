// Summaries of real meetings (issue 41): the AMI meetings of the QMSum development set, fed to the summarizer as
// text (no audio), scored against the human general summary (qmsum-score.ts). Run from the repository root:
//   flock /tmp/heavy.lock node --conditions=source --import tsx bench/summaries/qmsum.ts [--meetings=ES2006a,IS1006a]
//     [--out=/tmp/qmsum.json] [--no-model] [--rescore=/tmp/qmsum.json] [--replay=/tmp/qmsum.json]
// --no-model scores only what needs no model: the facts the transcript holds and those in the lines it reads.
// --replay=FILE gives the summarizer the model's answers a run saved, in order, instead of the model: a change to what
// is done with the answers (key points carried over from the lines, checks) is measured in seconds. The prompts must
// be the ones of that run (the same lines read); a call whose prompt differs is reported.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchLanguageModel } from '@scrivo/adapters/testing/language-model-process';
import { LocalLanguageModel } from '@scrivo/adapters/language-models/local-language-model';
import type { Completion, CompletionRequest, LanguageModel } from '@scrivo/domain';
import type { Summary } from '../../api/src/summaries/summary-shape';
import { summarizeTranscript } from '../../api/src/summaries/summarizer';
import { linesRead } from '../../api/src/summaries/summary-parts';
import {
  asSegments,
  factsFound,
  factsOf,
  repetitions,
  summaryText,
  uncommittedTasks,
  unsupportedItems,
} from './qmsum-score';

const DATA = process.env.SCRIVO_QMSUM_DIR ?? '/work/shared/meetings/qmsum-dev';
/** Kick-off and short meetings of the validation split (17-57 minutes at 150 words a minute) and two of train. */
const DEFAULT_MEETINGS = ['TS3010a', 'IS1006a', 'ES2006a', 'IS1001d', 'TS3010d', 'ES2009b'];

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`))?.split('=')[1];
const meetings = arg('meetings')?.split(',') ?? DEFAULT_MEETINGS;

const out = arg('out') ?? '/tmp/qmsum-summaries.json';
const withModel = !process.argv.includes('--no-model');
// --rescore=FILE: score the summaries a run saved again (after a change to the scorer), without the model.
const rescore = arg('rescore');
const saved = rescore
  ? (JSON.parse(readFileSync(rescore, 'utf8')) as { name: string; seconds: number; summary: Summary }[])
  : [];
const replay = arg('replay');
const replayed = replay
  ? (JSON.parse(readFileSync(replay, 'utf8')) as { name: string; calls: Call[] }[])
  : [];

interface QmsumMeeting {
  meeting_transcripts: { speaker: string; content: string }[];
  general_query_list: { query: string; answer: string }[];
}

const load = (name: string): QmsumMeeting => {
  for (const split of ['val', 'train'])
    try {
      return JSON.parse(readFileSync(join(DATA, split, `${name}.json`), 'utf8')) as QmsumMeeting;
    } catch {
      // the other split
    }
  throw new Error(`no meeting ${name} in ${DATA}/val or ${DATA}/train`);
};

interface Row {
  name: string;
  words: number;
  minutes: number;
  wordsRead: number;
  factsInTranscript: { fact: string; found: boolean }[];
  factsInLinesRead: { fact: string; found: boolean }[];
  seconds: number;
  factsInSummary: { fact: string; found: boolean }[];
  repeated: string[];
  uncommitted: string[];
  unsupported: string[];
  summary: unknown;
  /** Each model call: the tokens it read (past what the service had already evaluated) and wrote, and its time. */
  calls: Call[];
}

interface Call {
  maxTokens: number;
  promptTokens: number;
  completionTokens: number;
  seconds: number;
  /** The answer, and a hash of the messages it answered (for --replay). */
  text: string;
  prompt: string;
}

const promptHash = (request: CompletionRequest) =>
  createHash('sha256').update(JSON.stringify(request.messages)).digest('hex').slice(0, 16);

/** A model that answers with the answers a run saved, in order (--replay). */
const replaying = (name: string, saved: readonly Call[]): LanguageModel => {
  let next = 0;
  return {
    name: 'replay',
    stream: () => {
      throw new Error('replay answers whole requests only');
    },
    complete: (request: CompletionRequest) => {
      const call = saved[next];
      next += 1;
      if (!call) return Promise.reject(new Error(`${name}: the saved run has no answer for call ${next}`));
      if (call.prompt !== promptHash(request))
        process.stderr.write(`  ${name} call ${next}: the prompt differs from the saved run's\n`);
      return Promise.resolve({
        text: call.text,
        promptTokens: call.promptTokens,
        completionTokens: call.completionTokens,
      });
    },
  };
};

/** The model, with every call it answers written down (where the time of a summary goes). */
const recorded = (model: LanguageModel, calls: Call[]): LanguageModel => ({
  name: model.name,
  stream: (request: CompletionRequest) => model.stream(request),
  complete: async (request: CompletionRequest): Promise<Completion> => {
    const started = performance.now();
    const answer = await model.complete(request);
    const call = {
      maxTokens: request.maxTokens,
      promptTokens: answer.promptTokens,
      completionTokens: answer.completionTokens,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      text: answer.text,
      prompt: promptHash(request),
    };
    calls.push(call);
    process.stderr.write(
      `  call ${calls.length}: read ${call.promptTokens} tokens, wrote ${call.completionTokens} (of ${call.maxTokens}), ${call.seconds} s\n`,
    );
    return answer;
  },
});

const share = (xs: { found: boolean }[]) => `${xs.filter((x) => x.found).length}/${xs.length}`;

const main = async () => {
  const service = withModel && !rescore && !replay ? await launchLanguageModel() : null;
  const model = service ? new LocalLanguageModel({ url: service.url }) : null;
  const rows: Row[] = [];
  try {
    for (const name of meetings) {
      const meeting = load(name);
      const segments = asSegments(meeting.meeting_transcripts);
      const facts = factsOf(meeting.general_query_list[0]!.answer);
      const all = segments.map((s) => s.text).join('\n');
      const read = linesRead(segments)
        .map((s) => s.text)
        .join('\n');
      const words = all.split(/\s+/).length;
      const row: Row = {
        name,
        words,
        minutes: Math.round(segments.at(-1)!.end / 60),
        wordsRead: read.split(/\s+/).length,
        factsInTranscript: factsFound(facts, all),
        factsInLinesRead: factsFound(facts, read),
        seconds: 0,
        factsInSummary: [],
        repeated: [],
        uncommitted: [],
        unsupported: [],
        summary: null,
        calls: [],
      };
      const before = saved.find((r) => r.name === name);
      const answers = replayed.find((r) => r.name === name)?.calls;
      if ((rescore && !before) || (replay && !answers)) continue;
      const answering = answers ? replaying(name, answers) : model;
      if (answering || before) {
        const started = performance.now();
        const summary = before
          ? before.summary
          : await summarizeTranscript(recorded(answering!, row.calls), segments, { language: 'en' });
        row.seconds = before ? before.seconds : Math.round((performance.now() - started) / 1000);
        row.factsInSummary = factsFound(facts, summaryText(summary));
        row.repeated = repetitions(summary);
        row.uncommitted = uncommittedTasks(summary, segments).map((t) => t.text);
        row.unsupported = unsupportedItems(summary, segments).map((t) => t.text);
        row.summary = summary;
      }
      process.stderr.write(
        `${name}: ${row.minutes} min, ${words} words (${row.wordsRead} read), ${row.seconds} s; facts in summary ${share(row.factsInSummary)}, in lines read ${share(row.factsInLinesRead)}, in transcript ${share(row.factsInTranscript)}; repeated ${row.repeated.length}, uncommitted tasks ${row.uncommitted.length}, unsupported ${row.unsupported.length}\n`,
      );
      rows.push(row);
      writeFileSync(out, JSON.stringify(rows, null, 2));
    }
  } finally {
    await service?.stop();
  }
  const sum = (pick: (r: Row) => { found: boolean }[]) => {
    const xs = rows.flatMap(pick);
    const found = xs.filter((x) => x.found).length;
    return `${found}/${xs.length} (${Math.round((found / Math.max(xs.length, 1)) * 100)} %)`;
  };
  console.log(
    '\n| Meeting | Minutes (words, read) | Time | Facts in summary | Facts in lines read | Facts in transcript | Repeated | Tasks without committing line (of tasks) | Items not in cited line |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const tasks = (r.summary as { actionItems?: unknown[] } | null)?.actionItems?.length ?? 0;
    console.log(
      `| ${r.name} | ${r.minutes} (${r.words}, ${r.wordsRead}) | ${r.seconds} s | ${share(r.factsInSummary)} | ${share(r.factsInLinesRead)} | ${share(r.factsInTranscript)} | ${r.repeated.length} | ${r.uncommitted.length} (${tasks}) | ${r.unsupported.length} |`,
    );
  }
  console.log(
    `| **all** | | ${rows.reduce((n, r) => n + r.seconds, 0)} s | ${sum((r) => r.factsInSummary)} | ${sum((r) => r.factsInLinesRead)} | ${sum((r) => r.factsInTranscript)} | ${rows.reduce((n, r) => n + r.repeated.length, 0)} | ${rows.reduce((n, r) => n + r.uncommitted.length, 0)} | ${rows.reduce((n, r) => n + r.unsupported.length, 0)} |`,
  );
  console.log(`\nsummaries and details: ${out}`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
