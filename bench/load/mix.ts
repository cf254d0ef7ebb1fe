// One load run: the stack, its audio and accounts, then the mix (browsing users beside uploads, questions and
// summaries) for the time asked, the check that every accepted upload is there exactly once, and, when asked,
// the knee (reads only, the browsing users stepped up until the reads' p95 passes 1 s).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeLoadAudio } from './audio';
import { BROWSING_CLASSES, browse } from './browsing';
import { type SeededUser, seedUsers } from './seed';
import { startProductionStack } from './production-stack';
import type { FerretDbBackend } from '@scrivo/adapters/testing/postgres-cluster';
import { startEmbeddedStack } from './stack';
import { type LiveSessionsReport, runLiveSessions } from './live-sessions';
import { percentile, type RouteClassSummary, StatsBook } from './stats';
import { READ_AFTER_UPLOAD, runQuestions, runSummaries, runUploads } from './writers';

export interface LoadOptions {
  /** `embedded` as `npm start` runs it (one speech worker), or `production` (one job worker per speech worker). */
  readonly stack: 'embedded' | 'production';
  readonly speechUrls: readonly string[];
  /** Production stack: a folder where each API process (projector, replicas) writes its whole log. */
  readonly logDir?: string;
  /** Production stack: what FerretDB (the MongoDB stand-in) stores its collections in. */
  readonly ferretDbBackend?: FerretDbBackend;
  readonly browsingUsers: number;
  readonly seconds: number;
  readonly requestsPerUserSecond: number;
  /** Accounts made (the browsing users take their sessions in turn), and finished recordings each. */
  readonly accounts: number;
  readonly clipsPerAccount: number;
  readonly uploaders: number;
  readonly uploadIntervalSeconds: number;
  readonly longUploaders: number;
  readonly longSeconds: number;
  readonly askers: number;
  readonly summarisers: number;
  /** Users speaking into live captions at once, each a minute a session with a pause between. */
  readonly liveSessions: number;
  /** How long work started in the run is followed after it. */
  readonly drainSeconds: number;
  /** Browsing users per knee step (reads only), empty for none, and each step's length. */
  readonly kneeSteps: readonly number[];
  readonly kneeSeconds: number;
  readonly progress: (message: string) => void;
}

export interface LoadReport {
  readonly startedAt: string;
  readonly machine: {
    readonly cpus: number;
    readonly loadAverageBefore: number;
    readonly loadAverageAfter: number;
  };
  readonly options: Omit<LoadOptions, 'progress' | 'speechUrls'>;
  readonly languageModel: boolean;
  readonly classes: Record<string, RouteClassSummary>;
  /** All browsing classes together. */
  readonly reads: {
    readonly p50: number | null;
    readonly p95: number | null;
    readonly p99: number | null;
    readonly perSecond: number;
  };
  readonly unexpected5xx: number;
  /** Accepted uploads that the read right after (on the next replica) did not find. */
  readonly readYourWritesMissed: number;
  readonly uploads: {
    readonly accepted: number;
    readonly completed: number;
    readonly failed: number;
    readonly stillRunning: number;
    /** Of the accepted, those answered 503 READ_MODELS_BEHIND that named the saved recording (followed too). */
    readonly savedBehind: number;
    readonly lost: number;
    /**
     * Recordings listed twice, or listed though no upload's answer named them (a write the API saved but answered
     * with an error that did not say what was saved).
     */
    readonly doubled: number;
    readonly clipTranscriptSeconds: {
      readonly seconds: number;
      readonly p50: number | null;
      readonly p95: number | null;
      readonly max: number | null;
      readonly count: number;
    }[];
    readonly longTranscriptSeconds: (number | null)[];
  };
  readonly questions?: {
    readonly answered: number;
    readonly notInRecording: number;
    readonly streamErrors: number;
  };
  readonly summaries?: {
    readonly ready: number;
    readonly failed: number;
    readonly p50Seconds: number | null;
    readonly maxSeconds: number | null;
  };
  readonly live?: Omit<LiveSessionsReport, 'recordings'>;
  readonly knee: {
    readonly users: number;
    readonly p95: number | null;
    readonly perSecond: number;
    /** Answers other than 200, and calls with no answer, by class and status. */
    readonly errors: Record<string, number>;
  }[];
}

const readsOf = (book: StatsBook, prefix: string, seconds: number) => {
  const latencies = BROWSING_CLASSES.flatMap((name) => book.of(`${prefix}${name}`).latencies);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    perSecond: Math.round((latencies.length / seconds) * 10) / 10,
  };
};

const errorsOf = (book: StatsBook, prefix: string): Record<string, number> => {
  const errors: Record<string, number> = {};
  for (const name of BROWSING_CLASSES) {
    const { byStatus, transportErrorKinds } = book.of(`${prefix}${name}`).summary();
    for (const [status, n] of Object.entries(byStatus)) if (status !== '200') errors[`${name} ${status}`] = n;
    for (const [kind, n] of Object.entries(transportErrorKinds)) errors[`${name} ${kind}`] = n;
  }
  return errors;
};

/** Lists every recording of the user and counts how often each id is there. */
const recordingCounts = async (user: SeededUser): Promise<Map<string, number>> => {
  const counts = new Map<string, number>();
  for (let page = 1; ; page += 1) {
    const listed = await user.client.api.recordings.list({ query: { page, pageSize: 100 } });
    if (listed.status !== 200) throw new Error(`list: ${listed.status} ${listed.text}`);
    for (const item of listed.body.items) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
    if (page * 100 >= listed.body.total) return counts;
  }
};

/**
 * Accepted uploads (and recordings saved by live sessions) missing from their owner's list, and recordings there
 * more than once or with no 201.
 */
const lostAndDoubled = async (
  users: readonly SeededUser[],
  uploads: readonly { readonly user: SeededUser; readonly id: string }[],
) => {
  let lost = 0;
  let doubled = 0;
  for (const user of users) {
    const expected = new Set([
      ...user.recordings.map((r) => r.id),
      ...uploads.filter((u) => u.user === user).map((u) => u.id),
    ]);
    const counts = await recordingCounts(user);
    for (const id of expected) if (!counts.has(id)) lost += 1;
    for (const [id, count] of counts) doubled += expected.has(id) ? count - 1 : count;
  }
  return { lost, doubled };
};

const seconds = (ms: number | undefined) => (ms === undefined ? null : Math.round(ms / 100) / 10);

export const runLoad = async (options: LoadOptions): Promise<LoadReport> => {
  const { progress, speechUrls, logDir, ...asked } = options;
  const startedAt = new Date().toISOString();
  const loadAverageBefore = loadavg()[0]!;
  const languageModel = options.askers + options.summarisers > 0;
  const stack =
    options.stack === 'production'
      ? await startProductionStack({
          speechUrls,
          languageModel,
          progress,
          ferretDbBackend: options.ferretDbBackend ?? 'sqlite',
          ...(logDir ? { logDir } : {}),
        })
      : await startEmbeddedStack({ speechUrls, languageModel, progress });
  // Made once the stack is up, so that a stack that fails to start leaves no folder behind.
  const folder = mkdtempSync(join(tmpdir(), 'scrivo-load-audio-'));
  try {
    progress('making the audio');
    const audio = makeLoadAudio(folder, options.longUploaders > 0 ? options.longSeconds : 0);
    const users = await seedUsers(stack, {
      accounts: options.accounts,
      clipsPerAccount: options.clipsPerAccount,
      clips: audio.clips.slice(0, 2).map((c) => c.path),
      progress,
    });
    progress(`running the mix for ${options.seconds} s`);
    const book = new StatsBook();
    const endAt = Date.now() + options.seconds * 1000;
    const writers = { urls: stack.urls, users, book, endAt, drainUntil: endAt + options.drainSeconds * 1000 };
    const files = new Map<string, Blob>();
    const readFile = (path: string) => {
      let blob = files.get(path);
      if (!blob) files.set(path, (blob = new Blob([readFileSync(path)])));
      return blob;
    };
    const [, uploads, questions, summaries, live] = await Promise.all([
      browse({
        urls: stack.urls,
        users,
        browsingUsers: options.browsingUsers,
        requestsPerUserSecond: options.requestsPerUserSecond,
        seconds: options.seconds,
        book,
      }),
      runUploads({
        ...writers,
        audio,
        uploaders: options.uploaders,
        longUploaders: options.longUploaders,
        intervalSeconds: options.uploadIntervalSeconds,
        readFile,
      }),
      options.askers > 0
        ? runQuestions({ ...writers, askers: options.askers, intervalSeconds: 30 })
        : undefined,
      options.summarisers > 0
        ? runSummaries({ ...writers, summarisers: options.summarisers, intervalSeconds: 60 })
        : undefined,
      options.liveSessions > 0
        ? runLiveSessions({
            ...writers,
            sessions: options.liveSessions,
            speechWav: audio.speechWav,
            sessionSeconds: 60,
            pauseSeconds: 30,
          })
        : undefined,
    ]);
    progress('checking the uploads');
    const { lost, doubled } = await lostAndDoubled(users, [...uploads, ...(live?.recordings ?? [])]);
    const reads = readsOf(book, '', options.seconds);
    const knee: LoadReport['knee'][number][] = [];
    for (const step of options.kneeSteps) {
      progress(`knee: ${step} browsing users, reads only, ${options.kneeSeconds} s`);
      const prefix = `knee ${step}: `;
      await browse({
        urls: stack.urls,
        users,
        browsingUsers: step,
        requestsPerUserSecond: options.requestsPerUserSecond,
        seconds: options.kneeSeconds,
        book,
        prefix,
      });
      const { p95, perSecond } = readsOf(book, prefix, options.kneeSeconds);
      knee.push({ users: step, p95, perSecond, errors: errorsOf(book, prefix) });
      if (p95 === null || p95 > 1000) break;
    }
    const classes = book.summaries();
    const unexpected5xx = Object.entries(classes)
      .filter(([name]) => !name.startsWith('knee '))
      .reduce(
        (sum, [, c]) =>
          sum +
          Object.entries(c.byStatus)
            .filter(([status]) => Number(status) >= 500)
            .reduce((s, [, n]) => s + n, 0),
        0,
      );
    const clips = uploads.filter((u) => u.kind === 'clip');
    return {
      startedAt,
      machine: { cpus: cpus().length, loadAverageBefore, loadAverageAfter: loadavg()[0]! },
      options: asked,
      languageModel,
      classes,
      reads,
      unexpected5xx,
      readYourWritesMissed: Object.entries(classes[READ_AFTER_UPLOAD]?.byStatus ?? {})
        .filter(([status]) => status !== '200')
        .reduce((sum, [, n]) => sum + n, classes[READ_AFTER_UPLOAD]?.transportErrors ?? 0),
      uploads: {
        accepted: uploads.length,
        completed: uploads.filter((u) => u.transcriptMs !== undefined).length,
        failed: uploads.filter((u) => u.failed !== undefined).length,
        stillRunning: uploads.filter((u) => u.transcriptMs === undefined && u.failed === undefined).length,
        savedBehind: uploads.filter((u) => u.savedBehind).length,
        lost,
        doubled,
        clipTranscriptSeconds: audio.clips.map(({ seconds: length }) => {
          const times = clips
            .filter((u) => u.seconds === length && u.transcriptMs !== undefined)
            .map((u) => u.transcriptMs! / 1000);
          return {
            seconds: length,
            count: times.length,
            p50: percentile(times, 50),
            p95: percentile(times, 95),
            max: percentile(times, 100),
          };
        }),
        longTranscriptSeconds: uploads.filter((u) => u.kind === 'long').map((u) => seconds(u.transcriptMs)),
      },
      ...(questions ? { questions } : {}),
      ...(live ? { live: { started: live.started, saved: live.saved, failures: live.failures } } : {}),
      ...(summaries
        ? {
            summaries: {
              ready: summaries.readyMs.length,
              failed: summaries.failed,
              p50Seconds: seconds(percentile(summaries.readyMs, 50) ?? undefined),
              maxSeconds: seconds(percentile(summaries.readyMs, 100) ?? undefined),
            },
          }
        : {}),
      knee,
    };
  } catch (error) {
    progress(stack.logs());
    throw error;
  } finally {
    await stack.stop();
    rmSync(folder, { recursive: true, force: true });
  }
};
