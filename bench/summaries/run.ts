// Summary benchmark: time and peak memory for 10-, 30- and 60-minute transcripts, and quality on ten spoken
// meetings against hand-written references. Run from the repository root (see bench/README.md):
//   node --conditions=source --import tsx bench/summaries/run.ts [--minutes=10,30,60] [--baseline=10] [--quality] [--quality-baseline]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchLanguageModel } from '@scrivo/adapters/testing/language-model-process';
import { LocalLanguageModel } from '@scrivo/adapters/language-models/local-language-model';
import type { Segment } from '@scrivo/domain/recordings';
import { DECISION } from '../../api/src/summaries/line-selection';
import { summarizeTranscript } from '../../api/src/summaries/summarizer';
import type { SummaryChecks } from '../../api/src/summaries/summarizer';
import { inLinesSense, lineAt, support } from '../../api/src/summaries/support-check';
import type { ActionItem, Summary } from '../../api/src/summaries/summary-shape';
import { summarizeTranscript as baselineSummarize } from './baseline-summarizer';
import { longMeeting } from './long-meeting';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`));
const minutesArg = arg('minutes');
const lengths = minutesArg ? minutesArg.split('=')[1]!.split(',').map(Number) : [];
const quality = !!arg('quality');
const qualityBaseline = !!arg('quality-baseline');
// --meetings=hiring-plan,release-retro: only these meetings of the quality set (a look at a few while working on them).
const meetingsArg = arg('meetings');
const onlyMeetings = meetingsArg ? meetingsArg.split('=')[1]!.split(',') : null;
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
  const service = await launchLanguageModel();
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

type Keywords = (string | string[])[];

/**
 * How the transcript renders a word of the reference that Whisper misheard ("launch" said, "lunch" written): a
 * keyword of the item, or its owner's name, mapped to the transcript's words for it.
 */
type HeardAs = Readonly<Record<string, readonly string[]>>;

interface Reference {
  decisions: { about: string; keywords: Keywords; heardAs?: HeardAs }[];
  actions: { owner: string; about: string; keywords: Keywords; heardAs?: HeardAs }[];
}

/** Every keyword (or one of each group of alternatives) appears in the text. */
const mentions = (text: string, keywords: Keywords) =>
  keywords.every((k) =>
    (Array.isArray(k) ? k : [k]).some((w) => text.toLowerCase().includes(w.toLowerCase())),
  );

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The item as the summarizer could have heard it: each keyword (and the owner) with the transcript's renderings as
 * alternatives. An alternative the transcript does not hold would be an alias invented to raise the score: refused.
 */
const asHeard = (
  item: { about: string; keywords: Keywords; owner?: string; heardAs?: HeardAs },
  transcript: string,
): { keywords: Keywords; owners: string[] } => {
  const heardAs = item.heardAs ?? {};
  const said = new Set([...item.keywords.flat(), ...(item.owner ? [item.owner] : [])]);
  for (const [word, renderings] of Object.entries(heardAs)) {
    if (!said.has(word))
      throw new Error(
        `"${item.about}": heardAs "${word}" is neither one of the item's keywords nor its owner`,
      );
    for (const rendering of renderings)
      if (!new RegExp(`\\b${escaped(rendering)}`, 'i').test(transcript))
        throw new Error(
          `"${item.about}": heardAs "${rendering}" (for "${word}") does not occur in the transcript`,
        );
  }
  return {
    keywords: item.keywords.map((k) =>
      (Array.isArray(k) ? k : [k]).flatMap((w) => [w, ...(heardAs[w] ?? [])]),
    ),
    owners: item.owner ? [item.owner, ...(heardAs[item.owner] ?? [])] : [],
  };
};

/**
 * Two scores: against the script (the words the people said, as the reference writes them) and against the
 * transcript's words (the same items, a misheard word counting in the form the summarizer was given).
 */
const score = (summary: Summary, reference: Reference, transcript: string) => {
  const statements = [...summary.decisions, ...summary.keyPoints].map((p) => p.text);
  const decided = (keywords: Keywords) =>
    statements.some((s) => mentions(s, keywords)) || mentions(summary.overview, keywords);
  const decisions = reference.decisions.map((d) => ({
    about: d.about,
    found: decided(d.keywords),
    heard: decided(asHeard(d, transcript).keywords),
  }));
  const actions = reference.actions.map((a) => {
    const owns = (item: ActionItem | undefined, owners: string[]) =>
      !!item && owners.some((o) => (item.owner ?? '').toLowerCase().includes(o.toLowerCase()));
    const item = summary.actionItems.find((i) => mentions(i.text, a.keywords));
    const heard = asHeard(a, transcript);
    const heardItem = summary.actionItems.find((i) => mentions(i.text, heard.keywords));
    return {
      about: `${a.owner}: ${a.about}`,
      found: !!item,
      ownerRight: owns(item, [a.owner]),
      heard: !!heardItem,
      heardOwnerRight: owns(heardItem, heard.owners),
    };
  });
  return { decisions, actions };
};

/**
 * Every point the summary shows is supported by the line it cites, and decisions and key points say it in the
 * line's sense (the product's own checks, run again here).
 */
const sameAs = (p: { text: string; at: number }, q: { text: string; at: number } | null) =>
  !!q && q.text === p.text && q.at === p.at;

const unsupportedShown = (summary: Summary, segments: readonly Segment[]) =>
  [
    ...summary.decisions.map((p) => ({ ...p, sense: true, decision: true })),
    ...summary.keyPoints.map((p) => ({ ...p, sense: true, decision: DECISION.test(p.text) })),
    ...summary.actionItems.map((p) => ({ ...p, sense: false, decision: false })),
  ].filter(
    (p) =>
      support(p.text, segments, lineAt(segments, p.at), 'en') === null ||
      (p.sense && !sameAs(p, inLinesSense(p, segments, 'en', p.decision))),
  ).length;

const qualityRun = async (summarizer: { name: string; summarize: Summarize }) => {
  const spec = JSON.parse(readFileSync(join(import.meta.dirname, 'quality/meetings.json'), 'utf8')) as {
    meetings: { name: string; reference: Reference }[];
  };
  const meetings = spec.meetings
    .filter((m) => !onlyMeetings || onlyMeetings.includes(m.name))
    .map((meeting) => ({
      ...meeting,
      segments: JSON.parse(
        readFileSync(join(import.meta.dirname, `quality/${meeting.name}.transcript.json`), 'utf8'),
      ) as Segment[],
    }));
  // An alias the transcript does not hold stops the run before the model is started.
  for (const { reference, segments } of meetings)
    for (const item of [...reference.decisions, ...reference.actions])
      asHeard(item, segments.map((s) => s.text).join(' '));
  const service = await launchLanguageModel();
  try {
    const model = new LocalLanguageModel({ url: service.url });
    const results = [];
    for (const { segments, ...meeting } of meetings) {
      const started = performance.now();
      const summary = await summarizer.summarize(model, segments, { language: 'en' });
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      const scored = score(summary, meeting.reference, segments.map((s) => s.text).join(' '));
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
  const qualities: Awaited<ReturnType<typeof qualityRun>> = [];
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
    // Against the script: the reference's words. Against the transcript's words: a word Whisper misheard also
    // counts in the form the transcript gives it (the reference's `heardAs`), as the summarizer was given it.
    console.log(
      "\n| Summarizer | Meeting | Decisions found (script / transcript's words) | Action items found (script / transcript's words) | Owners right (script / transcript's words) | Unsupported points shown (dropped by the check) | Time |",
    );
    console.log('|---|---|---|---|---|---|---|');
    const n = (xs: boolean[]) => `${xs.filter(Boolean).length}/${xs.length}`;
    const row = (name: string, summarizer: string, qs: typeof qualities, time: string) => {
      const decisions = qs.flatMap((q) => q.decisions);
      const actions = qs.flatMap((q) => q.actions);
      const shown = qs.reduce((sum, q) => sum + q.unsupportedShown, 0);
      const dropped = qs.every((q) => q.unsupportedDropped !== null)
        ? qs.reduce((sum, q) => sum + (q.unsupportedDropped ?? 0), 0)
        : '-';
      console.log(
        `| ${summarizer} | ${name} | ${n(decisions.map((d) => d.found))} / ${n(decisions.map((d) => d.heard))} | ${n(actions.map((a) => a.found))} / ${n(actions.map((a) => a.heard))} | ${n(actions.map((a) => a.ownerRight))} / ${n(actions.map((a) => a.heardOwnerRight))} | ${shown} (${dropped}) | ${time} |`,
      );
    };
    for (const q of qualities) row(q.name, q.summarizer, [q], `${q.seconds} s`);
    const FIRST_THREE = ['product-launch', 'office-move', 'support-backlog'];
    for (const summarizer of [...new Set(qualities.map((q) => q.summarizer))]) {
      const own = qualities.filter((q) => q.summarizer === summarizer);
      row(
        '**first three**',
        summarizer,
        own.filter((q) => FIRST_THREE.includes(q.name)),
        '',
      );
      row('**all**', summarizer, own, `${Math.round(own.reduce((sum, q) => sum + q.seconds, 0))} s`);
    }
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
