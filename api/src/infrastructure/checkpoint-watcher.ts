import { ALL_CAUGHT_UP_CHECKPOINT, type ReadModelStore } from '@scrivo/domain';

interface Waiter {
  readonly position: number;
  readonly resolve: () => void;
}

/**
 * Read-your-writes for a process that runs no projections (an API replica): the projector keeps one checkpoint at
 * the lowest of its projections' and reactors' (ALL_CAUGHT_UP_CHECKPOINT, see CaughtUpPublisher), so once it has
 * passed a position the read models hold that event and its reactions. A projector of a version before that one
 * writes no such checkpoint: then the lowest of every projection's and reactor's own is read, as it did. One poll
 * loop serves every waiting request and stops when none waits.
 */
export class CheckpointWatcher {
  private readonly waiters = new Set<Waiter>();
  private polling = false;

  constructor(
    private readonly readModels: ReadModelStore,
    private readonly projections: () => readonly string[],
    private readonly intervalMs = 20,
  ) {}

  /** Resolves true once every projection has applied `position`, false when `timeoutMs` passes first. */
  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if ((await this.lowestCheckpoint()) >= position) return true;
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.add(waiter);
      void this.poll();
    });
  }

  private async lowestCheckpoint(): Promise<number> {
    const caughtUp = await this.readModels.getCheckpoint(ALL_CAUGHT_UP_CHECKPOINT);
    if (caughtUp !== null) return caughtUp;
    const names = this.projections();
    if (names.length === 0) return Number.POSITIVE_INFINITY;
    const checkpoints = await Promise.all(names.map((name) => this.readModels.getCheckpoint(name)));
    return Math.min(...checkpoints.map((c) => c ?? -1));
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      while (this.waiters.size > 0) {
        const reached = await this.lowestCheckpoint().catch(() => -1);
        for (const waiter of [...this.waiters]) if (waiter.position <= reached) waiter.resolve();
        if (this.waiters.size > 0) await new Promise((r) => setTimeout(r, this.intervalMs));
      }
    } finally {
      this.polling = false;
    }
  }
}
