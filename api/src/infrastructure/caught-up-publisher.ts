import { ALL_CAUGHT_UP_CHECKPOINT, type ReadModelStore } from '@scrivo/domain';

const RETRY_MS = 500;

/**
 * Keeps ALL_CAUGHT_UP_CHECKPOINT at the lowest checkpoint of the projections and reactors this process runs, for
 * the API replicas' read-your-writes (CheckpointWatcher). One write at a time, of the latest lowest: under load the
 * checkpoints move faster than the database writes, and only the last value matters.
 */
export class CaughtUpPublisher {
  private writing: Promise<void> | null = null;
  private dirty = false;
  private held = false;
  private stopped = false;
  private published: number | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly readModels: ReadModelStore,
    /** The lowest checkpoint of the local runners. */
    private readonly lowest: () => number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** A checkpoint moved: publish the new lowest once the write in flight, if any, is done. */
  changed(): void {
    this.dirty = true;
    this.kick();
  }

  private kick(): void {
    if (this.writing || this.held || this.stopped || this.retry || !this.dirty) return;
    // Cleared in `finally`, a microtask later even when drain had nothing to write: set inside drain, a drain that
    // ended at once would clear it before this assignment and leave it set for good (no write ever again).
    this.writing = this.drain().finally(() => {
      this.writing = null;
      this.kick();
    });
  }

  /**
   * Publishes `position` and writes nothing more until `resume`: a projection being rebuilt is behind every
   * event, and the replicas must wait for it as they did for its own (dropped) checkpoint.
   */
  async hold(position: number): Promise<void> {
    this.held = true;
    await this.writing;
    await this.readModels.commit(ALL_CAUGHT_UP_CHECKPOINT, position, []);
    this.published = position;
  }

  resume(): void {
    this.held = false;
    this.changed();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await this.writing;
  }

  private async drain(): Promise<void> {
    while (this.dirty && !this.held && !this.stopped) {
      this.dirty = false;
      const lowest = this.lowest();
      // No runner at all (Infinity) publishes nothing: there is nothing to wait for.
      if (lowest === this.published || !Number.isFinite(lowest)) continue;
      try {
        await this.readModels.commit(ALL_CAUGHT_UP_CHECKPOINT, lowest, []);
        this.published = lowest;
      } catch (error) {
        // The database is failing: the runners retry their own writes; try this one again after a pause too, even
        // if no checkpoint moves meanwhile, or the replicas would wait on a stale value.
        this.onError(error);
        this.retry = setTimeout(() => {
          this.retry = null;
          this.changed();
        }, RETRY_MS);
        return;
      }
    }
  }
}
