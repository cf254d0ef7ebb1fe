// Summary benchmark: time and peak memory for 10-, 30- and 60-minute transcripts, and quality on ten spoken
// meetings against hand-written references. Run from the repository root (see bench/README.md):
//   node --conditions=source --import tsx bench/summaries/run.ts [--minutes=10,30,60] [--baseline=10] [--quality] [--quality-baseline]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLanguageModel } from '@scrivo/adapters/language-models/language-model-process';
import { LocalLanguageModel } from '@scrivo/adapters/language-models/local-language-model';
import type { Segment } from '@scrivo/domain/recordings';
import { summarizeTranscript } from '../../api/src/summaries/summarizer';
import type { SummaryChecks } from '../../api/src/summaries/summarizer';
import { lineAt, support } from '../../api/src/summaries/support-check';
import type { Summary } from '../../api/src/summaries/summary-shape';
import { summarizeTranscript as baselineSummarize } from './baseline-summarizer';
import { longMeeting } from './long-meeting';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`));
const minutesArg = arg('minutes');
const lengths = minutesArg ? minutesArg.split('=')[1]!.split(',').map(Number) : [];
const quality = !!arg('quality');
const qualityBaseline = !!arg('quality-baseline');
// The lengths at which the summarizer as it was before issue 30 is also timed, on the same service, right after the
// shipped one (--baseline=10: it takes about 200 s per 1,000 words).
const baselineArg = arg('baseline');
const baselineLengths = baselineArg ? baselineArg.split('=')[1]!.split(',').map(Number) : [];

/** Peak resident memory of a process so far (Linux VmHWM), in MB. */
const peakMb = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'))!;
  return Math.round(Number(/(\d+)/.exec(line)![1]) / 1024);
};

const words = (segments: readonly Segment[]) =>
  segments.reduce((n, s) => n + s.text.split(/\s+/).filter(Boolean).length, 0);

type Summarize = (
  model: LocalLanguageModel,
  segments: readonly Segment[],
  options: { language: string; onProgress?: (p: number) => void },
) => Promise<Summary>;

const summarizers = (minutes: number): { name: string; summarize: Summarize }[] => [
  { name: 'shipped', summarize: summarizeTranscript },
  ...(baselineLengths.includes(minutes) ? [{ name: 'before issue 30', summarize: baselineSummarize }] : []),
];

const timing = async (minutes: number) => {
  // A fresh service per length: its peak memory is this length's.
  const service = await startLanguageModel();
  try {
    const model = new LocalLanguageModel({ url: service.url });
    const segments = longMeeting(minutes);
    const runs = [];
    for (const { name, summarize } of summarizers(minutes)) {
      const started = performance.now();
      let steps = 0;
      const summary = await summarize(model, segments, {
        language: 'en',
        onProgress: (p) => {
          steps += 1;
          process.stderr.write(
            `  ${minutes} min, ${name}: ${Math.round(p * 100)}% at ${Math.round((performance.now() - started) / 1000)} s\n`,
          );
        },
      });
      const seconds = (performance.now() - started) / 1000;
      runs.push({
        summarizer: name,
        minutes,
        words: words(segments),
        wordsRead: 'checks' in summary ? (summary.checks as SummaryChecks).wordsRead : words(segments),
        steps,
        seconds: Math.round(seconds),
        secondsPer1000Words: Math.round((seconds / words(segments)) * 1000 * 10) / 10,
        peakServiceMb: peakMb(service.process.pid!),
        keyPoints: summary.keyPoints.length,
        decisions: summary.decisions.length,
        chapters: summary.chapters.length,
        actionItems: summary.actionItems.length,
        unsupportedDropped: 'checks' in summary ? (summary.checks as SummaryChecks).unsupportedDropped : null,
      });
      process.stderr.write(`${JSON.stringify(runs.at(-1))}\n`);
    }
    return runs;
  } finally {
    await service.stop();
  }
};

interface Reference {
  decisions: { about: string; keywords: (string | string[])[] }[];
  actions: { owner: string; about: string; keywords: (string | string[])[] }[];
}

/** Every keyword (or one of each group of alternatives) appears in the text. */
const mentions = (text: string, keywords: (string | string[])[]) =>
  keywords.every((k) =>
    (Array.isArray(k) ? k : [k]).some((w) => text.toLowerCase().includes(w.toLowerCase())),
  );

const score = (summary: Summary, reference: Reference) => {
  const statements = [...summary.decisions, ...summary.keyPoints].map((p) => p.text);
  const decisions = reference.decisions.map((d) => ({
    about: d.about,
    found: statements.some((s) => mentions(s, d.keywords)) || mentions(summary.overview, d.keywords),
  }));
  const actions = reference.actions.map((a) => {
    const item = summary.actionItems.find((i) => mentions(i.text, a.keywords));
    return {
      about: `${a.owner}: ${a.about}`,
      found: !!item,
      ownerRight: !!item && (item.owner ?? '').toLowerCase().includes(a.owner.toLowerCase()),
    };
  });
  return { decisions, actions };
};

/** Every point the summary shows is supported by the line it cites (the product's own check, run again here). */
const unsupportedShown = (summary: Summary, segments: readonly Segment[]) =>
  [...summary.keyPoints, ...summary.decisions, ...summary.actionItems].filter(
    (p) => support(p.text, segments, lineAt(segments, p.at), 'en') === null,
  ).length;

const qualityRun = async (summarizer: { name: string; summarize: Summarize }) => {
  const spec = JSON.parse(readFileSync(join(import.meta.dirname, 'quality/meetings.json'), 'utf8')) as {
    meetings: { name: string; reference: Reference }[];
  };
  const service = await startLanguageModel();
  try {
    const model = new LocalLanguageModel({ url: service.url });
    const results = [];
    for (const meeting of spec.meetings) {
      const segments = JSON.parse(
        readFileSync(join(import.meta.dirname, `quality/${meeting.name}.transcript.json`), 'utf8'),
      ) as Segment[];
      const started = performance.now();
      const summary = await summarizer.summarize(model, segments, { language: 'en' });
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      const scored = score(summary, meeting.reference);
      const checks = 'checks' in summary ? (summary.checks as SummaryChecks) : null;
      const result = {
        summarizer: summarizer.name,
        name: meeting.name,
        seconds,
        ...scored,
        unsupportedDropped: checks?.unsupportedDropped ?? null,
        unsupportedShown: unsupportedShown(summary, segments),
        summary,
      };
      process.stderr.write(`  ${summarizer.name} ${meeting.name}: ${seconds} s ${JSON.stringify(result)}\n`);
      results.push(result);
    }
    return results;
  } finally {
    await service.stop();
  }
};

const main = async () => {
  const timings = [];
  for (const minutes of lengths) {
    process.stderr.write(`summarising a ${minutes}-minute meeting\n`);
    const result = await timing(minutes);
    // Each length as soon as it is measured: a long run stopped part-way keeps what it measured.
    process.stderr.write(`${JSON.stringify(result)}\n`);
    timings.push(...result);
  }
  const qualities = [];
  if (quality) qualities.push(...(await qualityRun({ name: 'shipped', summarize: summarizeTranscript })));
  if (qualityBaseline)
    qualities.push(...(await qualityRun({ name: 'before issue 30', summarize: baselineSummarize })));
  console.log(JSON.stringify({ timings, qualities }, null, 2));
  if (timings.length) {
    console.log(
      '\n| Transcript | Summarizer | Words (read) | Steps | Time | s per 1,000 words | Points, decisions, tasks, chapters | Peak memory (model service) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const t of timings)
      console.log(
        `| ${t.minutes} min | ${t.summarizer} | ${t.words.toLocaleString('en')} (${t.wordsRead.toLocaleString('en')}) | ${t.steps} | ${t.seconds} s | ${t.secondsPer1000Words} | ${t.keyPoints}, ${t.decisions}, ${t.actionItems}, ${t.chapters} | ${t.peakServiceMb} MB |`,
      );
  }
  if (qualities.length) {
    console.log(
      '\n| Summarizer | Meeting | Decisions found | Action items found | Owners right | Unsupported points shown (dropped by the check) | Time |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const q of qualities) {
      const n = (xs: { found: boolean }[]) => `${xs.filter((x) => x.found).length}/${xs.length}`;
      console.log(
        `| ${q.summarizer} | ${q.name} | ${n(q.decisions)} | ${n(q.actions)} | ${q.actions.filter((a) => a.ownerRight).length}/${q.actions.length} | ${q.unsupportedShown} (${q.unsupportedDropped ?? '-'}) | ${q.seconds} s |`,
      );
    }
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
