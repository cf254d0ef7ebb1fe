// The soak's judgement (issue 45 item 2) from the sampler's readings: after warm-up, no process's memory grows by
// 10 % or more, no process gains file descriptors or sockets it does not give back, and the SQLite write-ahead logs
// and the data folder's working folders stop growing (bounded). Media kept for users (`blobs`) grows with what they
// upload: it is reported, not judged.
import type { ProcessKind, StackSample } from './process-sampler';

export const MEMORY_GROWTH_LIMIT = 0.1;
/** A few descriptors come and go with the moment's requests; a leak is steady growth well past them. */
const DESCRIPTOR_SLACK = 8;
const DESCRIPTOR_GROWTH_LIMIT = 0.1;
/** SQLite checkpoints its log every ~4 MB; a log bounded by that may still move by a few MB between samples. */
const BOUNDED_SLACK_BYTES = 8 * 1024 * 1024;
/** Bounded: the second half of the run never goes far past the first half's largest size. */
const BOUNDED_GROWTH_LIMIT = 0.25;
/** The folder of the media users upload, which grows with their uploads by design. */
const KEPT_MEDIA = 'blobs';

export interface ProcessVerdict {
  readonly pid: number;
  readonly kind: ProcessKind;
  readonly rssAfterWarmUpMb: number;
  readonly rssAtEndMb: number;
  readonly growth: number;
  readonly peakRssMb: number;
  readonly fds: readonly [number, number];
  readonly sockets: readonly [number, number];
  readonly ok: boolean;
}

export interface Bounded {
  readonly name: string;
  /** The largest size in the first and in the second half of the judged time, in bytes. */
  readonly firstHalfMax: number;
  readonly secondHalfMax: number;
  readonly ok: boolean;
}

export interface SoakVerdict {
  readonly processes: readonly ProcessVerdict[];
  readonly bounded: readonly Bounded[];
  /** Bytes of kept media at the start and the end of the judged time. */
  readonly keptMedia: readonly [number, number];
  readonly ok: boolean;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/**
 * Judges the samples taken between `fromSecond` (the end of warm-up) and `toSecond` (the end of the load). Each
 * process is compared between the median of its first `window` samples and that of its last `window`, so that one
 * busy moment (a request in flight, a garbage collection not yet run) decides nothing.
 */
export const judgeSoak = (
  samples: readonly StackSample[],
  fromSecond: number,
  toSecond: number,
  window = 5,
): SoakVerdict => {
  const judged = samples.filter((s) => s.at >= fromSecond && s.at <= toSecond);
  const pids = [...new Set(judged.flatMap((s) => s.processes.map((p) => p.pid)))];
  const processes = pids.flatMap((pid): ProcessVerdict[] => {
    const seen = judged.flatMap((s) => s.processes.filter((p) => p.pid === pid));
    // A process that came and went inside the judged time (a restart) has no growth to judge.
    if (seen.length < window * 2) return [];
    const first = seen.slice(0, window);
    const last = seen.slice(-window);
    const rssAfterWarmUpMb = median(first.map((p) => p.rssMb));
    const rssAtEndMb = median(last.map((p) => p.rssMb));
    const growth = rssAfterWarmUpMb > 0 ? (rssAtEndMb - rssAfterWarmUpMb) / rssAfterWarmUpMb : 0;
    const fds: readonly [number, number] = [median(first.map((p) => p.fds)), median(last.map((p) => p.fds))];
    const sockets: readonly [number, number] = [
      median(first.map((p) => p.sockets)),
      median(last.map((p) => p.sockets)),
    ];
    const heldBack = ([before, after]: readonly [number, number]) =>
      after <= before * (1 + DESCRIPTOR_GROWTH_LIMIT) + DESCRIPTOR_SLACK;
    return [
      {
        pid,
        kind: seen[0]!.kind,
        rssAfterWarmUpMb,
        rssAtEndMb,
        growth,
        peakRssMb: Math.max(...seen.map((p) => p.peakRssMb)),
        fds,
        sockets,
        ok: growth < MEMORY_GROWTH_LIMIT && heldBack(fds) && heldBack(sockets),
      },
    ];
  });
  const middle = (fromSecond + toSecond) / 2;
  const bound = (name: string, size: (s: StackSample) => number): Bounded => {
    const firstHalfMax = Math.max(0, ...judged.filter((s) => s.at < middle).map(size));
    const secondHalfMax = Math.max(0, ...judged.filter((s) => s.at >= middle).map(size));
    return {
      name,
      firstHalfMax,
      secondHalfMax,
      ok: secondHalfMax <= firstHalfMax * (1 + BOUNDED_GROWTH_LIMIT) + BOUNDED_SLACK_BYTES,
    };
  };
  const folders = [...new Set(judged.flatMap((s) => Object.keys(s.folderBytes)))].filter(
    (f) => f !== KEPT_MEDIA,
  );
  const bounded = [
    bound('SQLite write-ahead logs', (s) => s.walBytes),
    ...folders.map((folder) => bound(`${folder}/`, (s) => s.folderBytes[folder] ?? 0)),
  ];
  const keptMedia: readonly [number, number] = [
    judged[0]?.folderBytes[KEPT_MEDIA] ?? 0,
    judged.at(-1)?.folderBytes[KEPT_MEDIA] ?? 0,
  ];
  return {
    processes,
    bounded,
    keptMedia,
    ok: processes.every((p) => p.ok) && bounded.every((b) => b.ok),
  };
};
