/**
 * Work done at start and then every `intervalMs`: sweeps of due lists the read models keep (media to erase, webhook
 * attempts to send, live sessions nobody came back to, uploads a crash left unfinished). A tick never overlaps the
 * one before it, a failure waits for the next tick, and stop() waits for the tick in progress. The timers extend it
 * and hold only their sweep.
 */
export class PeriodicWork {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly options: {
      readonly intervalMs: number;
      readonly run: () => Promise<void>;
      readonly onError: (error: unknown) => void;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.options.run().catch(this.options.onError);
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }
}
