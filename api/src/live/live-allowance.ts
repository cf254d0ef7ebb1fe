import { type Actor, DomainError } from '@scrivo/domain';
import { allowanceMinutesFor, allowanceSecondsWithGrants, type PlanId } from '@scrivo/domain/recordings';
import type { MinutesLedger } from '../recordings/minutes-ledger';

/** Headroom kept when a session's allowance is fixed: an encoded file can probe a few ms longer than its PCM. */
const ENCODING_HEADROOM_SECONDS = 1;

/**
 * What a session that is starting may record, held for it on the usage stream before it starts: sessions opened
 * at once share what the plan has left (the first holds it, the next find nothing left) instead of each being
 * given all of it. A hold lost to a concurrent one is tried again with what is left then. Null = unlimited.
 */
export const reserveLiveAllowance = async (
  ledger: MinutesLedger,
  ownerId: string,
  plan: PlanId,
  sessionId: string,
  actor: Actor,
  correlationId: string,
): Promise<number | null> => {
  for (let attempt = 1; ; attempt += 1) {
    const seconds = await liveAllowanceSeconds(ledger, ownerId, plan);
    if (seconds === null || seconds <= 0) return seconds;
    try {
      await ledger.holdLiveMinutes(ownerId, sessionId, seconds, plan, actor, correlationId);
      return seconds;
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'QUOTA_EXCEEDED' || attempt >= 3) throw error;
    }
  }
};

/** Gives the hold back, or keeps only what the session recorded (see SettleLiveMinutes). */
export const settleLiveAllowance = (
  ledger: MinutesLedger,
  ownerId: string,
  sessionId: string,
  startedAt: string,
  recordedSeconds: number,
  actor: Actor,
) => ledger.settleLiveMinutes(ownerId, sessionId, startedAt, recordedSeconds, actor, sessionId);

/** Seconds of audio the owner's plan has left in this period (null = unlimited), less the encoding headroom. */
export const liveAllowanceSeconds = async (
  ledger: MinutesLedger,
  ownerId: string,
  plan: PlanId,
): Promise<number | null> => {
  const { period, usage } = await ledger.currentPeriodUsage(ownerId);
  const minutes = allowanceMinutesFor(plan, period.id);
  if (minutes === null) return null;
  const allowance = allowanceSecondsWithGrants(minutes * 60, usage.grantedSeconds) ?? 0;
  return Math.max(0, Math.floor(allowance - usage.usedSeconds - ENCODING_HEADROOM_SECONDS));
};
