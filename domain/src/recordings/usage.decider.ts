import type { Decider } from '../kernel/decider';
import { DomainError } from '../kernel/errors';
import type { UsageEvent } from './events';
import { minutesForPeople } from './plans';

export interface UsageState {
  /** Seconds reserved per recording in this period (released ones removed). */
  readonly reserved: Readonly<Record<string, number>>;
  readonly usedSeconds: number;
  /** Extra seconds operators granted for this period, on top of the plan's allowance. */
  readonly grantedSeconds: number;
  readonly grants: readonly string[];
}

/** The period's allowance: the plan's (null = unlimited) plus what operators granted. */
export const allowanceSecondsWithGrants = (
  planSeconds: number | null,
  grantedSeconds: number,
): number | null => (planSeconds === null ? null : planSeconds + grantedSeconds);

export type UsageCommand =
  | {
      type: 'ReserveMinutes';
      userId: string;
      period: string;
      recordingId: string;
      seconds: number;
      /** null = unlimited. */
      allowanceSeconds: number | null;
      now: string;
    }
  | {
      type: 'ReleaseMinutes';
      userId: string;
      period: string;
      recordingId: string;
      reason: 'failed' | 'cancelled';
      now: string;
    }
  | { type: 'GrantMinutes'; userId: string; period: string; grantId: string; seconds: number; now: string };

/**
 * One account's minutes in one month. Reserving before any work starts, on one stream with optimistic
 * concurrency, means two uploads at once cannot both squeeze through the last minutes.
 */
export const usageDecider: Decider<UsageCommand, UsageEvent, UsageState> = {
  initialState: () => ({ reserved: {}, usedSeconds: 0, grantedSeconds: 0, grants: [] }),

  decide(command, state) {
    if (command.type === 'GrantMinutes') {
      if (state.grants.includes(command.grantId)) return [];
      return [
        {
          type: 'MinutesGranted',
          data: {
            userId: command.userId,
            period: command.period,
            grantId: command.grantId,
            seconds: command.seconds,
            at: command.now,
          },
        },
      ];
    }
    if (command.type === 'ReserveMinutes') {
      if (state.reserved[command.recordingId] !== undefined) return [];
      const allowanceSeconds = allowanceSecondsWithGrants(command.allowanceSeconds, state.grantedSeconds);
      if (allowanceSeconds !== null && state.usedSeconds + command.seconds > allowanceSeconds) {
        const leftSeconds = Math.max(0, allowanceSeconds - state.usedSeconds);
        const left = minutesForPeople(leftSeconds);
        const needed = Math.ceil((command.seconds / 60) * 10) / 10;
        throw new DomainError(
          'QUOTA_EXCEEDED',
          `This recording is ${needed} minutes long but you have ${left} of your ${allowanceSeconds / 60} minutes left this month. Upgrade your plan or try a shorter file.`,
          { minutesLeft: left, minutesNeeded: needed },
        );
      }
      return [
        {
          type: 'MinutesReserved',
          data: {
            userId: command.userId,
            period: command.period,
            recordingId: command.recordingId,
            seconds: command.seconds,
            at: command.now,
          },
        },
      ];
    }
    const seconds = state.reserved[command.recordingId];
    if (seconds === undefined) return [];
    return [
      {
        type: 'MinutesReleased',
        data: {
          userId: command.userId,
          period: command.period,
          recordingId: command.recordingId,
          seconds,
          reason: command.reason,
          at: command.now,
        },
      },
    ];
  },

  evolve(state, event) {
    if (event.type === 'MinutesGranted') {
      return {
        ...state,
        grantedSeconds: state.grantedSeconds + event.data.seconds,
        grants: [...state.grants, event.data.grantId],
      };
    }
    if (event.type === 'MinutesReserved') {
      return {
        ...state,
        reserved: { ...state.reserved, [event.data.recordingId]: event.data.seconds },
        usedSeconds: state.usedSeconds + event.data.seconds,
      };
    }
    const { [event.data.recordingId]: _released, ...rest } = state.reserved;
    return { ...state, reserved: rest, usedSeconds: Math.max(0, state.usedSeconds - event.data.seconds) };
  },
};
