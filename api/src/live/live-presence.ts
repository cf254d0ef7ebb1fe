import type { Clock, ReadModelStore } from '@scrivo/domain';

export const LIVE_PRESENCE_COLLECTION = 'live_session_presence';

/** The last time a connection somewhere held a live session (a socket attached to it). */
export interface LivePresenceDoc {
  readonly id: string;
  readonly heldAt: string;
}

/**
 * Which live sessions this process's sockets hold, told to every process through the read-model store: each held
 * session's `heldAt` is written when a socket attaches, renewed every `renewMs` while one stays, and written a last
 * time when the last one leaves, so the abandoned-sessions sweep (which runs where the projections run, maybe in
 * another process) counts a session's quiet time from then. A process that dies stops renewing: its sessions
 * count as left from its last renewal. Writes are fire-and-forget; a failed one is logged and the next renewal
 * repairs it.
 */
export class LivePresence {
  /** Open connections per session in this process. */
  private readonly holders = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly deps: {
      readonly readModels: ReadModelStore;
      readonly clock: Clock;
      readonly renewMs: number;
      readonly onError: (sessionId: string, error: unknown) => void;
    },
  ) {
    this.timer = setInterval(() => {
      for (const sessionId of this.holders.keys()) this.write(sessionId);
    }, deps.renewMs);
    this.timer.unref();
  }

  attached(sessionId: string): void {
    this.holders.set(sessionId, (this.holders.get(sessionId) ?? 0) + 1);
    this.write(sessionId);
  }

  /** A connection of the session closed, after storing what it had received; `open`: the session is not stopped. */
  detached(sessionId: string, open: boolean): void {
    const left = (this.holders.get(sessionId) ?? 1) - 1;
    if (left > 0) return void this.holders.set(sessionId, left);
    this.holders.delete(sessionId);
    if (open) this.write(sessionId);
    else this.forget(sessionId);
  }

  /** The process is shutting down: its sockets' sessions count as left from the last write. */
  close(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  private write(sessionId: string): void {
    if (this.closed) return;
    this.collection()
      .upsert({ id: sessionId, heldAt: this.deps.clock.now().toISOString() })
      .catch((error: unknown) => this.deps.onError(sessionId, error));
  }

  private forget(sessionId: string): void {
    if (this.closed) return;
    this.collection()
      .delete(sessionId)
      .catch((error: unknown) => this.deps.onError(sessionId, error));
  }

  private collection() {
    return this.deps.readModels.collection<LivePresenceDoc>(LIVE_PRESENCE_COLLECTION);
  }
}
