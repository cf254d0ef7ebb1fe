// Event store benchmark for the embedded (SQLite file) stack. Not a test: run it by hand.
//   node --conditions=source --import tsx bench/event-store/run.ts [--quick] [--json=path]
// Measures single-event and batched appends, a full readAll replay of 1,000,000 events, and the lag of a real
// projection (ProjectionRunner -> SQLite read-model store) under a steady append load.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { type Doc, type NewEvent, type Projection, ProjectionRunner } from '@scrivo/domain';
import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import { SqliteReadModelStore } from '@scrivo/adapters/read-models/sqlite-read-model-store';
import { systemClock } from '@scrivo/adapters/system/system-clock';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }),
);
const quick = args.has('quick');
const config = {
  singleAppends: quick ? 300 : 3_000,
  concurrentAppends: quick ? 2_000 : 20_000,
  batches: quick ? 50 : 500,
  batchSize: 100,
  replayEvents: quick ? 100_000 : 1_000_000,
  replayPage: 1_000,
  lagRate: 1_000,
  lagSeconds: quick ? 5 : 20,
  lagTick: 10,
};

const TARGETS = { batchedPerSecond: 5_000, replaySeconds: 60, lagP99Ms: 100 };

/** A realistic event: a transcript segment with its envelope (about 400 bytes as JSON). */
const segment = (i: number): NewEvent => ({
  type: 'SegmentTranscribed',
  data: {
    recordingId: `rec-${i % 997}`,
    index: i,
    startMs: i * 1_000,
    endMs: i * 1_000 + 950,
    speaker: `S${i % 3}`,
    text: 'and then we agreed to ship the transcription editor before the end of the quarter',
    confidence: 0.93,
  },
  schemaVersion: 1,
  metadata: {
    eventId: randomUUID(),
    correlationId: randomUUID(),
    causationId: null,
    actor: { kind: 'worker', id: 'speech-worker-1' },
    occurredAt: new Date().toISOString(),
  },
});

const seconds = (startedAt: number) => (performance.now() - startedAt) / 1_000;
const rate = (count: number, elapsedSeconds: number) => Math.round(count / elapsedSeconds);
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const log = (message: string) => process.stderr.write(`${message}\n`);

const dir = mkdtempSync(join(tmpdir(), 'scrivo-bench-'));

/** One event per append, each awaited before the next: bound by one fsync per append (synchronous=FULL). */
const singleAppends = async () => {
  const store = new SqliteEventStore({ path: join(dir, 'single.db') });
  const started = performance.now();
  for (let i = 0; i < config.singleAppends; i += 1) {
    await store.append(`recording-${i % 100}`, [segment(i)], { expectedRevision: 'any' });
  }
  const elapsed = seconds(started);
  await store.close();
  return {
    appends: config.singleAppends,
    seconds: elapsed,
    eventsPerSecond: rate(config.singleAppends, elapsed),
  };
};

/** One event per append, 10 appends in flight at a time (concurrent requests): commits can share an fsync. */
const concurrentSingleAppends = async () => {
  const store = new SqliteEventStore({ path: join(dir, 'concurrent.db') });
  const started = performance.now();
  for (let i = 0; i < config.concurrentAppends; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, j) =>
        store.append(`recording-${(i + j) % 100}`, [segment(i + j)], { expectedRevision: 'any' }),
      ),
    );
  }
  const elapsed = seconds(started);
  await store.close();
  return {
    appends: config.concurrentAppends,
    inFlight: 10,
    seconds: elapsed,
    eventsPerSecond: rate(config.concurrentAppends, elapsed),
  };
};

/** 100 events per append, with optimistic concurrency on each stream. */
const batchedAppends = async () => {
  const store = new SqliteEventStore({ path: join(dir, 'batched.db') });
  const revisions = new Map<string, number>();
  const started = performance.now();
  for (let b = 0; b < config.batches; b += 1) {
    const stream = `recording-${b % 50}`;
    const events = Array.from({ length: config.batchSize }, (_, i) => segment(b * config.batchSize + i));
    const expected = revisions.get(stream);
    const result = await store.append(stream, events, { expectedRevision: expected ?? 'no_stream' });
    revisions.set(stream, result.nextExpectedRevision);
  }
  const elapsed = seconds(started);
  await store.close();
  const events = config.batches * config.batchSize;
  return {
    appends: config.batches,
    eventsPerAppend: config.batchSize,
    events,
    seconds: elapsed,
    eventsPerSecond: rate(events, elapsed),
  };
};

/** Fills a store with `replayEvents` events, reopens it cold, and pages through all of it with readAll. */
const replay = async () => {
  const path = join(dir, 'replay.db');
  // The fill is not what is measured: NORMAL skips the per-commit fsync to get there faster.
  const filler = new SqliteEventStore({ path, synchronous: 'NORMAL' });
  const fillStarted = performance.now();
  for (let i = 0; i < config.replayEvents; i += 1_000) {
    const events = Array.from({ length: Math.min(1_000, config.replayEvents - i) }, (_, j) => segment(i + j));
    await filler.append(`recording-${(i / 1_000) % 500}`, events, { expectedRevision: 'any' });
  }
  const fillSeconds = seconds(fillStarted);
  await filler.close();
  const fileBytes = statSync(path).size;

  const store = new SqliteEventStore({ path });
  const started = performance.now();
  let after = -1;
  let count = 0;
  for (;;) {
    const page = await store.readAll({ after, maxCount: config.replayPage });
    if (page.length === 0) break;
    count += page.length;
    after = page.at(-1)!.globalPosition;
  }
  const elapsed = seconds(started);
  await store.close();
  if (count !== config.replayEvents) throw new Error(`Replayed ${count} of ${config.replayEvents} events`);
  return {
    events: count,
    pageSize: config.replayPage,
    seconds: elapsed,
    eventsPerSecond: rate(count, elapsed),
    fileMegabytes: Math.round(fileBytes / 1e6),
    fillSeconds,
  };
};

interface TranscriptDoc extends Doc {
  readonly recordingId: string;
  readonly segments: number;
  readonly lastIndex: number;
  readonly words: number;
}

/**
 * Steady load: every 10 ms, 10 single-event appends in flight (1,000 events/s), for `lagSeconds`, while the real
 * ProjectionRunner projects them into the SQLite read-model store. Lag = commit time of the read-model write that
 * contains an event - the event's occurredAt.
 */
const projectionLag = async () => {
  const events = new SqliteEventStore({ path: join(dir, 'lag-events.db') });
  const readModels = new SqliteReadModelStore({ path: join(dir, 'lag-read-models.db') });
  let inBatch: number[] = [];
  const lags: number[] = [];
  const transcripts: Projection = {
    name: 'transcripts',
    collections: ['transcripts'],
    eventTypes: ['SegmentTranscribed'],
    async setup(store) {
      await store.collection('transcripts').ensureIndex({ fields: ['recordingId'] });
    },
    async handle(event, context) {
      inBatch.push(Date.parse(event.metadata.occurredAt));
      const data = event.data as { recordingId: string; index: number; text: string };
      const current = await context.get<TranscriptDoc>('transcripts', event.streamId);
      if (current && current.lastIndex >= data.index) return;
      const doc: TranscriptDoc = {
        id: event.streamId,
        recordingId: data.recordingId,
        segments: (current?.segments ?? 0) + 1,
        lastIndex: data.index,
        words: (current?.words ?? 0) + data.text.split(' ').length,
      };
      context.upsert('transcripts', doc);
    },
  };
  const runner = new ProjectionRunner({
    events,
    readModels,
    projections: [transcripts],
    clock: systemClock,
    onCommit: () => {
      const committedAt = Date.now();
      for (const occurredAt of inBatch) lags.push(committedAt - occurredAt);
      inBatch = [];
    },
  });
  await runner.start();

  const perTick = (config.lagRate * config.lagTick) / 1_000;
  const total = config.lagRate * config.lagSeconds;
  let sent = 0;
  let lastPosition = -1;
  let lateTicks = 0;
  const started = performance.now();
  while (sent < total) {
    // Schedule against the wall clock, so a slow tick is followed by a catch-up, not by a lower rate.
    const due = started + (sent / config.lagRate) * 1_000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else if (wait < -config.lagTick) lateTicks += 1;
    const results = await Promise.all(
      Array.from({ length: perTick }, (_, i) =>
        events.append(`recording-${(sent + i) % 200}`, [segment(sent + i)], { expectedRevision: 'any' }),
      ),
    );
    sent += perTick;
    lastPosition = Math.max(lastPosition, ...results.map((r) => r.lastPosition));
  }
  const appendSeconds = seconds(started);
  await runner.waitFor(lastPosition, 30_000);
  await runner.stop();
  await events.close();
  await readModels.close();

  const sorted = [...lags].sort((a, b) => a - b);
  return {
    targetEventsPerSecond: config.lagRate,
    achievedEventsPerSecond: rate(sent, appendSeconds),
    seconds: appendSeconds,
    events: sent,
    measured: sorted.length,
    lateTicks,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1)!,
  };
};

const main = async () => {
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGigabytes: Math.round(totalmem() / 1e9),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
  log(`machine: ${JSON.stringify(machine)}`);
  log('single-event appends...');
  const single = await singleAppends();
  log(`  ${single.eventsPerSecond} events/s`);
  log('concurrent single-event appends...');
  const concurrent = await concurrentSingleAppends();
  log(`  ${concurrent.eventsPerSecond} events/s`);
  log('batched appends...');
  const batched = await batchedAppends();
  log(`  ${batched.eventsPerSecond} events/s`);
  log(`replay of ${config.replayEvents} events (filling first)...`);
  const replayed = await replay();
  log(`  ${replayed.seconds.toFixed(1)} s (${replayed.eventsPerSecond} events/s)`);
  log(`projection lag at ${config.lagRate} events/s for ${config.lagSeconds} s...`);
  const lag = await projectionLag();
  log(`  p50 ${lag.p50Ms} ms, p95 ${lag.p95Ms} ms, p99 ${lag.p99Ms} ms`);

  const summary = {
    benchmark: 'event-store (embedded SQLite, synchronous=FULL, WAL)',
    date: new Date().toISOString(),
    machine,
    quick,
    singleAppends: single,
    concurrentSingleAppends: concurrent,
    batchedAppends: batched,
    replay: replayed,
    projectionLag: lag,
    targets: {
      batchedAppendsPerSecond: {
        target: `>= ${TARGETS.batchedPerSecond}`,
        met: batched.eventsPerSecond >= TARGETS.batchedPerSecond,
      },
      replaySeconds: { target: `< ${TARGETS.replaySeconds}`, met: replayed.seconds < TARGETS.replaySeconds },
      projectionLagP99Ms: { target: `< ${TARGETS.lagP99Ms}`, met: lag.p99Ms < TARGETS.lagP99Ms },
    },
  };
  const ok = (met: boolean) => (met ? 'met' : '**missed**');
  const table = [
    '| Measurement | Result | Target |',
    '|---|---|---|',
    `| Single-event appends, one at a time (fsync each) | ${single.eventsPerSecond.toLocaleString('en')} events/s | - |`,
    `| Single-event appends, 10 in flight | ${concurrent.eventsPerSecond.toLocaleString('en')} events/s | - |`,
    `| Batched appends (${config.batchSize} events per append) | ${batched.eventsPerSecond.toLocaleString('en')} events/s | >= ${TARGETS.batchedPerSecond.toLocaleString('en')} events/s (${ok(summary.targets.batchedAppendsPerSecond.met)}) |`,
    `| Replay of ${replayed.events.toLocaleString('en')} events (readAll, pages of ${replayed.pageSize}) | ${replayed.seconds.toFixed(1)} s (${replayed.eventsPerSecond.toLocaleString('en')} events/s, ${replayed.fileMegabytes} MB file) | < ${TARGETS.replaySeconds} s (${ok(summary.targets.replaySeconds.met)}) |`,
    `| Projection lag at ${lag.achievedEventsPerSecond.toLocaleString('en')} events/s for ${lag.seconds.toFixed(0)} s: p50 / p95 / p99 (max) | ${lag.p50Ms} / ${lag.p95Ms} / ${lag.p99Ms} ms (${lag.maxMs} ms) | p99 < ${TARGETS.lagP99Ms} ms (${ok(summary.targets.projectionLagP99Ms.met)}) |`,
  ].join('\n');

  const json = JSON.stringify(summary, null, 2);
  process.stdout.write(`${json}\n\n${table}\n`);
  if (args.has('json')) writeFileSync(args.get('json')!, `${json}\n`);
};

// The root package is CommonJS, where top-level await is not available.
main()
  .catch((error: unknown) => {
    process.exitCode = 1;
    console.error(error);
  })
  .finally(() => rmSync(dir, { recursive: true, force: true }));
