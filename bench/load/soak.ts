// Soak (issue 45 item 2): the load mix held for an hour at a steady number of browsing users, with one 3-hour file
// sent through the pieces path in the same run, while every process of the stack is sampled from /proc. Run it by
// hand, under the heavy lock:
//   flock /tmp/heavy.lock node --conditions=source --import tsx bench/load/soak.ts --users 100 --minutes 60
// Options: --users N, --minutes M (the mix), --warm-up M (not judged), --long-hours H (0: none), --sample-seconds S,
// --live N (live-caption users, as in run.ts; none unless asked), --json FILE. Prints the samples' verdict (bench/load/soak-verdict.ts) as Markdown and exits non-zero if it fails.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startSpeechWorker } from '@scrivo/adapters/testing/speech-worker-process';
import { DEFAULT_REQUESTS_PER_USER_SECOND } from './browsing';
import { runLoad } from './mix';
import { startSampler } from './process-sampler';
import { markdownReport } from './report';
import { judgeSoak, MEMORY_GROWTH_LIMIT, type SoakVerdict } from './soak-verdict';

/** The issue's bound on the file job's and the speech worker's memory while a 3-hour file goes through. */
const LONG_FILE_PEAK_LIMIT_MB = 1536;

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100' },
    minutes: { type: 'string', default: '60' },
    'warm-up': { type: 'string', default: '10' },
    'long-hours': { type: 'string', default: '3' },
    'sample-seconds': { type: 'string', default: '30' },
    live: { type: 'string', default: '0' },
    json: { type: 'string' },
  },
});

const progress = (message: string) => process.stderr.write(`[soak] ${new Date().toISOString()} ${message}\n`);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const pct = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;

const verdictMarkdown = (verdict: SoakVerdict, peaks: Record<string, number>): string =>
  [
    '| process | pid | RSS after warm-up MB | RSS at end MB | growth | peak MB | fds | sockets | |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...verdict.processes.map(
      (p) =>
        `| ${p.kind} | ${p.pid} | ${p.rssAfterWarmUpMb} | ${p.rssAtEndMb} | ${pct(p.growth)} | ${p.peakRssMb} | ` +
        `${p.fds.join(' → ')} | ${p.sockets.join(' → ')} | ${p.ok ? 'ok' : '**grows**'} |`,
    ),
    '',
    '| bounded | largest, first half | largest, second half | |',
    '| --- | --- | --- | --- |',
    ...verdict.bounded.map(
      (b) => `| ${b.name} | ${mb(b.firstHalfMax)} | ${mb(b.secondHalfMax)} | ${b.ok ? 'ok' : '**grows**'} |`,
    ),
    '',
    `Media kept for users (blobs/): ${mb(verdict.keptMedia[0])} → ${mb(verdict.keptMedia[1])}.`,
    `Peak memory over the whole run (the long file included): ${Object.entries(peaks)
      .map(([kind, peak]) => `${kind} ${peak} MB`)
      .join(', ')} (limit for the job worker and the speech worker: ${LONG_FILE_PEAK_LIMIT_MB} MB).`,
    `Memory growth limit after warm-up: ${pct(MEMORY_GROWTH_LIMIT)}. Verdict: ${verdict.ok ? 'passed' : '**failed**'}.`,
  ].join('\n');

const main = async () => {
  const seconds = Number(values.minutes) * 60;
  const warmUp = Number(values['warm-up']) * 60;
  const longSeconds = Math.round(Number(values['long-hours']) * 3600);
  const sampler = startSampler(process.pid, Number(values['sample-seconds']));
  const startedAt = Date.now();
  let mixStartedAt: number | undefined;
  const speech = await startSpeechWorker();
  const report = await runLoad({
    stack: 'embedded',
    speechUrls: [speech.url],
    browsingUsers: Number(values.users),
    seconds,
    requestsPerUserSecond: DEFAULT_REQUESTS_PER_USER_SECOND,
    accounts: 20,
    clipsPerAccount: 2,
    uploaders: 20,
    uploadIntervalSeconds: 120,
    longUploaders: longSeconds > 0 ? 1 : 0,
    longSeconds,
    askers: 5,
    summarisers: 3,
    liveSessions: Number(values.live),
    // The long file is followed to its transcript after the mix: long enough for 3 hours on 2 cores.
    drainSeconds: 5_400,
    kneeSteps: [],
    kneeSeconds: 0,
    progress: (message) => {
      if (message.startsWith('running the mix')) mixStartedAt = Date.now();
      progress(message);
    },
  }).finally(() => speech.stop());
  const samples = sampler.stop();
  const mixFrom = ((mixStartedAt ?? startedAt) - startedAt) / 1000;
  const verdict = judgeSoak(samples, mixFrom + warmUp, mixFrom + seconds);
  const peaks: Record<string, number> = {};
  for (const sample of samples)
    for (const p of sample.processes) peaks[p.kind] = Math.max(peaks[p.kind] ?? 0, p.peakRssMb);
  const longFileWithinLimit = ['job worker', 'speech worker'].every(
    (kind) => (peaks[kind] ?? 0) < LONG_FILE_PEAK_LIMIT_MB,
  );
  if (values.json) writeFileSync(values.json, JSON.stringify({ report, verdict, peaks, samples }, null, 2));
  console.log(`${markdownReport(report)}\n\n${verdictMarkdown(verdict, peaks)}`);
  const longDone = report.uploads.longTranscriptSeconds.every((s) => s !== null);
  if (!verdict.ok || !longFileWithinLimit || !longDone || report.unexpected5xx > 0) process.exit(1);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
