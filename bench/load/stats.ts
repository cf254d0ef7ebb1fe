/** Latencies and answers of one class of requests, kept whole: the run is short enough to sort at the end. */
export class RouteClassStats {
  readonly latencies: number[] = [];
  readonly statuses = new Map<number, number>();
  /** Requests that got no HTTP answer at all (reset, refused, timed out). */
  transportErrors = 0;
  /** Those requests by the error's code (ECONNRESET, a timeout...). */
  readonly transportErrorKinds = new Map<string, number>();

  recordTransportError(kind: string): void {
    this.transportErrors += 1;
    this.transportErrorKinds.set(kind, (this.transportErrorKinds.get(kind) ?? 0) + 1);
  }

  record(status: number, latencyMs: number): void {
    this.latencies.push(latencyMs);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  summary(): RouteClassSummary {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (p: number) => percentileOfSorted(sorted, p);
    const byStatus: Record<string, number> = {};
    for (const [status, count] of [...this.statuses].sort(([a], [b]) => a - b)) byStatus[status] = count;
    return {
      requests: sorted.length,
      p50: at(50),
      p95: at(95),
      p99: at(99),
      max: sorted.length === 0 ? null : round(sorted.at(-1)!),
      byStatus,
      transportErrors: this.transportErrors,
      transportErrorKinds: Object.fromEntries(this.transportErrorKinds),
    };
  }
}

export interface RouteClassSummary {
  readonly requests: number;
  readonly p50: number | null;
  readonly p95: number | null;
  readonly p99: number | null;
  readonly max: number | null;
  readonly byStatus: Record<string, number>;
  readonly transportErrors: number;
  readonly transportErrorKinds: Record<string, number>;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Named classes of requests, created on first use. */
export class StatsBook {
  readonly classes = new Map<string, RouteClassStats>();

  of(name: string): RouteClassStats {
    let stats = this.classes.get(name);
    if (!stats) this.classes.set(name, (stats = new RouteClassStats()));
    return stats;
  }

  /** Times a typed-client call; its `status` is recorded, a thrown error counts as a transport error. */
  async timed<A extends { status: number }>(name: string, call: () => Promise<A>): Promise<A | undefined> {
    const started = performance.now();
    try {
      const answer = await call();
      this.of(name).record(answer.status, performance.now() - started);
      return answer;
    } catch (error) {
      this.of(name).recordTransportError(error instanceof Error ? error.name : 'unknown');
      return undefined;
    }
  }

  summaries(): Record<string, RouteClassSummary> {
    return Object.fromEntries([...this.classes].map(([name, stats]) => [name, stats.summary()]));
  }
}

/** The nearest-rank percentile of values sorted ascending. */
const percentileOfSorted = (sorted: readonly number[], p: number): number | null =>
  sorted.length === 0
    ? null
    : round(sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!);

export const percentile = (values: readonly number[], p: number): number | null =>
  percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
