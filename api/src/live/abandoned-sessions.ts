import { type Actor, type Clock, DomainError, type ReadModelStore } from '@scrivo/domain';
import {
  liveSessionDecider,
  liveSessionStream,
  OPEN_LIVE_SESSIONS_COLLECTION,
  type OpenLiveSessionDoc,
} from '@scrivo/domain/live';
import { PeriodicWork } from '../infrastructure/periodic-work';
import type { RootLogger } from '../common/logger';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { LIVE_PRESENCE_COLLECTION, type LivePresenceDoc } from './live-presence';

const actor: Actor = { kind: 'system', id: 'live-abandoned' };
const BATCH = 100;

/**
 * Ends live sessions nobody comes back to. A dropped socket leaves its session open so the browser can re-attach
 * and send what it kept; a session whose stream has been quiet for `afterMs` and that no socket has held for as
 * long (LivePresence) is stopped through the live-session decider (reason `abandoned`) and, like any stop, saved
 * as a recording by the live-recordings reactor, so a closed laptop never leaves audio unsaved.
 *
 * It reads the open sessions from the open-live-sessions read model at start and every `intervalMs`, in the one
 * process that runs the projections: sessions left open by a crash or a restart of any API process are ended
 * too. The decider refuses a second stop, so an overlap with the user's own stop changes nothing.
 */
export class AbandonedLiveSessions extends PeriodicWork {
  constructor(
    private readonly deps: {
      /** The background runner (the sweep runs beside the projections; it must not wait for them). */
      readonly runner: StreamRunner;
      readonly readModels: ReadModelStore;
      readonly clock: Clock;
      readonly afterMs: number;
      readonly intervalMs: number;
      readonly logger: RootLogger;
    },
  ) {
    super({
      intervalMs: deps.intervalMs,
      run: async () => {
        const stopped = await this.stopAbandoned();
        if (stopped > 0) deps.logger.info({ stopped }, 'abandoned live sessions stopped and saved');
      },
      onError: (error) =>
        deps.logger.error({ err: error }, 'abandoned live sessions not swept; trying again at the next tick'),
    });
  }

  /** Stops the sessions abandoned by now; resolves with how many it stopped. */
  async stopAbandoned(): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - this.deps.afterMs).toISOString();
    const quiet = await this.deps.readModels
      .collection<OpenLiveSessionDoc>(OPEN_LIVE_SESSIONS_COLLECTION)
      .find(
        { lastActivityAt: { $lt: cutoff } },
        { sort: [{ field: 'lastActivityAt', direction: 'asc' }], limit: BATCH },
      );
    const presence = this.deps.readModels.collection<LivePresenceDoc>(LIVE_PRESENCE_COLLECTION);
    let stopped = 0;
    for (const { id: sessionId } of quiet) {
      const held = await presence.get(sessionId);
      if (held && held.heldAt >= cutoff) continue;
      const stream = liveSessionStream(sessionId);
      const { state } = await this.deps.runner.load(liveSessionDecider, stream);
      if (state.status === 'recording' || state.status === 'paused') {
        try {
          await this.deps.runner.run(
            liveSessionDecider,
            stream,
            { type: 'StopLiveSession', reason: 'abandoned', now: this.deps.runner.now() },
            { actor, correlationId: `live-abandoned-${sessionId}` },
          );
          stopped += 1;
        } catch (error) {
          // Stopped meanwhile (by its user, its allowance or another sweep): nothing left to do.
          if (!(error instanceof DomainError) || error.code !== 'LIVE_SESSION_STOPPED') throw error;
        }
      }
      if (held) await presence.delete(sessionId);
    }
    return stopped;
  }
}
