import { type Actor, DomainError } from '@scrivo/domain';
import { type LiveSessionCommand, liveSessionDecider, liveSessionStream } from '@scrivo/domain/live';
import { allowanceMinutesFor, allowanceSecondsWithGrants, type PlanId } from '@scrivo/domain/recordings';
import type { StreamRunner } from '../infrastructure/stream-runner';
import type { RecordingCommands } from '../recordings/recording-commands';

/** Headroom kept when a session's allowance is fixed: an encoded file can probe a few ms longer than its PCM. */
const ENCODING_HEADROOM_SECONDS = 1;

/** The write side of live sessions: runs the live-session decider on `live-{sessionId}`. */
export class LiveSessions {
  constructor(
    private readonly deps: { readonly runner: StreamRunner; readonly recordings: RecordingCommands },
  ) {}

  now(): string {
    return this.deps.runner.now();
  }

  run(sessionId: string, command: LiveSessionCommand, actor: Actor, correlationId: string) {
    return this.deps.runner.run(liveSessionDecider, liveSessionStream(sessionId), command, {
      actor,
      correlationId,
    });
  }

  load(sessionId: string) {
    return this.deps.runner.load(liveSessionDecider, liveSessionStream(sessionId));
  }

  /**
   * What a session that is starting may record, held for it on the usage stream before it starts: sessions opened
   * at once share what the plan has left (the first holds it, the next find nothing left) instead of each being
   * given all of it. A hold lost to a concurrent one is tried again with what is left then. Null = unlimited.
   */
  async reserveAllowance(
    ownerId: string,
    plan: PlanId,
    sessionId: string,
    actor: Actor,
    correlationId: string,
  ): Promise<number | null> {
    for (let attempt = 1; ; attempt += 1) {
      const seconds = await this.allowanceSeconds(ownerId, plan);
      if (seconds === null || seconds <= 0) return seconds;
      try {
        await this.deps.recordings.holdLiveMinutes(ownerId, sessionId, seconds, plan, actor, correlationId);
        return seconds;
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'QUOTA_EXCEEDED' || attempt >= 3) throw error;
      }
    }
  }

  /** Gives the hold back, or keeps only what the session recorded (see SettleLiveMinutes). */
  settleAllowance(
    ownerId: string,
    sessionId: string,
    startedAt: string,
    recordedSeconds: number,
    actor: Actor,
  ) {
    return this.deps.recordings.settleLiveMinutes(
      ownerId,
      sessionId,
      startedAt,
      recordedSeconds,
      actor,
      sessionId,
    );
  }

  /** Seconds of audio the owner's plan has left in this period (null = unlimited), less the encoding headroom. */
  async allowanceSeconds(ownerId: string, plan: PlanId): Promise<number | null> {
    const { period, usage } = await this.deps.recordings.currentPeriodUsage(ownerId);
    const minutes = allowanceMinutesFor(plan, period.id);
    if (minutes === null) return null;
    const allowance = allowanceSecondsWithGrants(minutes * 60, usage.grantedSeconds) ?? 0;
    return Math.max(0, Math.floor(allowance - usage.usedSeconds - ENCODING_HEADROOM_SECONDS));
  }
}
