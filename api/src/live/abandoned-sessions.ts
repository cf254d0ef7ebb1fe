/**
 * Ends live sessions nobody comes back to. A dropped socket leaves its session open so the browser can re-attach
 * and send what it kept; when no connection holds a session for `afterMs`, the session is stopped (and, like any
 * stop, saved as a recording by the live-recordings reactor), so a closed laptop never leaves audio unsaved.
 */
export class AbandonedSessions {
  /** Open connections per session. */
  private readonly holders = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly deps: {
      readonly afterMs: number;
      /** Stops the session if it is still recording or paused. */
      readonly stop: (sessionId: string) => Promise<void>;
      readonly onError: (sessionId: string, error: unknown) => void;
    },
  ) {}

  attached(sessionId: string): void {
    this.holders.set(sessionId, (this.holders.get(sessionId) ?? 0) + 1);
    const timer = this.timers.get(sessionId);
    if (timer) clearTimeout(timer);
    this.timers.delete(sessionId);
  }

  /** A connection of the session closed, after storing what it had received. */
  detached(sessionId: string): void {
    const left = (this.holders.get(sessionId) ?? 1) - 1;
    if (left > 0) return void this.holders.set(sessionId, left);
    this.holders.delete(sessionId);
    const timer = setTimeout(() => {
      this.timers.delete(sessionId);
      if (this.holders.has(sessionId)) return;
      this.deps.stop(sessionId).catch((error: unknown) => this.deps.onError(sessionId, error));
    }, this.deps.afterMs);
    timer.unref();
    this.timers.set(sessionId, timer);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
