import type { Actor } from '@scrivo/domain';
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

  /** Seconds of audio the owner's plan has left in this period (null = unlimited), less the encoding headroom. */
  async allowanceSeconds(ownerId: string, plan: PlanId): Promise<number | null> {
    const { period, usage } = await this.deps.recordings.currentPeriodUsage(ownerId);
    const minutes = allowanceMinutesFor(plan, period.id);
    if (minutes === null) return null;
    const allowance = allowanceSecondsWithGrants(minutes * 60, usage.grantedSeconds) ?? 0;
    return Math.max(0, Math.floor(allowance - usage.usedSeconds - ENCODING_HEADROOM_SECONDS));
  }
}
