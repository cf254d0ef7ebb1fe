import type { ReadModelStore } from '@scrivo/domain';

interface Waiter {
  readonly position: number;
  readonly resolve: () => void;
}

/**
 * Read-your-writes for a process that runs no projections (an API replica): the projector commits each
 * projection's checkpoint beside its documents, so once every checkpoint has passed a position the read models
 * hold that event. One poll loop serves every waiting request and stops when none waits.
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
