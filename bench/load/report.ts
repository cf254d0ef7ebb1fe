// The run's summary as the Markdown tables bench/README.md keeps.
import type { LoadReport } from './mix';

const ms = (value: number | null) => (value === null ? '-' : String(Math.round(value)));
const statuses = (byStatus: Record<string, number>, transportErrorKinds: Record<string, number>) =>
  [
    ...Object.entries(byStatus)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, n]) => `${status}: ${n}`),
    ...Object.entries(transportErrorKinds).map(([kind, n]) => `no answer (${kind}): ${n}`),
  ].join(', ') || 'none';

export const markdownReport = (report: LoadReport): string => {
  const lines = [
    `Run of ${report.startedAt} on the ${report.options.stack} stack: ${report.options.browsingUsers} browsing users for ${report.options.seconds} s ` +
      `(${report.options.requestsPerUserSecond} calls per user per second), ${report.machine.cpus} cores, load ` +
      `average ${report.machine.loadAverageBefore.toFixed(1)} before, ${report.machine.loadAverageAfter.toFixed(1)} after.`,
    '',
    '| route class | requests | p50 ms | p95 ms | p99 ms | max ms | non-2xx by status |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...Object.entries(report.classes)
      .filter(([name]) => !name.startsWith('knee '))
      .map(
        ([name, c]) =>
          `| ${name} | ${c.requests} | ${ms(c.p50)} | ${ms(c.p95)} | ${ms(c.p99)} | ${ms(c.max)} | ${statuses(c.byStatus, c.transportErrorKinds)} |`,
      ),
    `| **all reads** | ${report.reads.perSecond}/s | ${ms(report.reads.p50)} | ${ms(report.reads.p95)} | ${ms(report.reads.p99)} | | |`,
    '',
    `Unexpected 5xx: ${report.unexpected5xx}. Uploads not found by the read right after them (read-your-writes): ` +
      `${report.readYourWritesMissed}. Uploads accepted ${report.uploads.accepted} (${report.uploads.savedBehind} ` +
      `of them answered 503 "saved" with their id), completed ` +
      `${report.uploads.completed}, failed ${report.uploads.failed}, still running at the end ` +
      `${report.uploads.stillRunning}; lost ${report.uploads.lost}, doubled or saved unnamed ${report.uploads.doubled}.`,
    '',
    '| clip | transcripts | upload to transcript p50 s | p95 s | max s |',
    '| --- | --- | --- | --- | --- |',
    ...report.uploads.clipTranscriptSeconds.map(
      (c) => `| ${c.seconds} s | ${c.count} | ${c.p50 ?? '-'} | ${c.p95 ?? '-'} | ${c.max ?? '-'} |`,
    ),
    ...report.uploads.longTranscriptSeconds.map(
      (s) => `| ${report.options.longSeconds} s file | ${s === null ? 0 : 1} | ${s ?? 'not finished'} | | |`,
    ),
  ];
  if (report.questions)
    lines.push(
      '',
      `Questions: ${report.questions.answered} answered in full (${report.questions.notInRecording} of them ` +
        `"Not in this recording." with no call to the model), ${report.questions.streamErrors} ended in an error.`,
    );
  if (report.summaries)
    lines.push(
      `Summaries: ${report.summaries.ready} ready (request to ready p50 ${report.summaries.p50Seconds ?? '-'} s, ` +
        `max ${report.summaries.maxSeconds ?? '-'} s), ${report.summaries.failed} failed.`,
    );
  if (report.live)
    lines.push(
      `Live sessions: ${report.live.started} started, ${report.live.saved} saved as recordings; ended unsaved: ${
        Object.entries(report.live.failures)
          .map(([why, n]) => `${why}: ${n}`)
          .join(', ') || 'none'
      }.`,
    );
  if (report.knee.length)
    lines.push(
      '',
      '| knee step (reads only) | reads/s | reads p95 ms | not 200 |',
      '| --- | --- | --- | --- |',
      ...report.knee.map(
        (k) =>
          `| ${k.users} browsing users | ${k.perSecond} | ${ms(k.p95)} | ${
            Object.entries(k.errors)
              .map(([what, n]) => `${what}: ${n}`)
              .join(', ') || 'none'
          } |`,
      ),
    );
  return lines.join('\n');
};
