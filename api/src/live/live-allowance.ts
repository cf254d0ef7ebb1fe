import { type Actor, DomainError } from '@scrivo/domain';
import {
  type LiveStartAsked,
  type LiveStartFailed,
  type LiveStartStep,
  liveSessionDecider,
  liveSessionStream,
  liveStartWorkflow,
} from '@scrivo/domain/live';
import type { RunContext, StreamRunner } from '../infrastructure/stream-runner';
import type { MinutesLedger } from '../recordings/minutes-ledger';

/** How often a hold lost to another session's is decided again with what is left then. */
const HOLD_ATTEMPTS = 3;

/**
 * Runs the live-start workflow (domain/src/live/workflows) in the socket's request: its steps in order, from the
 * owner's usage now. A hold lost to a concurrent one (QUOTA_EXCEEDED while holding) is decided again with what is
 * left then; when a step fails for good, the workflow's give-back is sent and the failure is the answer.
 */
export const startLiveSession = async (
  deps: { readonly runner: StreamRunner; readonly minutes: MinutesLedger },
  asked: Omit<LiveStartAsked['data'], 'period'>,
  context: RunContext & { readonly actor: Actor; readonly correlationId: string },
): Promise<void> => {
  const send = (step: LiveStartStep) => sendStartStep(deps, step, context);
  try {
    attempts: for (let attempt = 1; ; attempt += 1) {
      const { period, usage } = await deps.minutes.currentPeriodUsage(asked.ownerId);
      const asking: LiveStartAsked = { type: 'LiveStartAsked', data: { ...asked, period: period.id } };
      for (const step of liveStartWorkflow.decide(asking, usage)) {
        try {
          await send(step);
        } catch (error) {
          const lost = error instanceof DomainError && error.code === 'QUOTA_EXCEEDED';
          if (step.type === 'HoldLiveMinutes' && lost && attempt < HOLD_ATTEMPTS) continue attempts;
          throw error;
        }
      }
      return;
    }
  } catch (error) {
    const { sessionId, ownerId, at } = asked;
    const failed: LiveStartFailed = { type: 'LiveStartFailed', data: { sessionId, ownerId, at } };
    for (const step of liveStartWorkflow.decide(failed, liveStartWorkflow.initialState())) await send(step);
    throw error;
  }
};

const sendStartStep = async (
  { runner, minutes }: { readonly runner: StreamRunner; readonly minutes: MinutesLedger },
  step: LiveStartStep,
  context: RunContext & { readonly actor: Actor; readonly correlationId: string },
): Promise<void> => {
  switch (step.type) {
    case 'HoldLiveMinutes':
      return minutes.holdLiveMinutes(
        step.ownerId,
        step.sessionId,
        step.seconds,
        step.plan,
        context.actor,
        context.correlationId,
      );
    case 'StartLiveSession':
      await runner.run(liveSessionDecider, liveSessionStream(step.sessionId), step, context);
      return;
    case 'GiveBackLiveHold':
      return settleLiveAllowance(minutes, step.ownerId, step.sessionId, step.startedAt, 0, context.actor);
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
