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
      /**
       * After decoding: bill the audio that is really there. A container can claim 1 s and hold hours; the
       * reservation made from its claim is topped up to what was decoded, within the allowance.
       */
      type: 'ReserveDecodedMinutes';
      userId: string;
      period: string;
      recordingId: string;
      decodedSeconds: number;
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
  | {
      /**
       * A live session's hold (everything the plan had left, reserved under the session's id when it started)
       * becomes what was really recorded, in one append: sessions open at once share the minutes, never each
       * get all of them. The recording made from the session has the same id, so its transcription finds these
       * minutes reserved already.
       */
      type: 'SettleLiveMinutes';
      userId: string;
      period: string;
      recordingId: string;
      recordedSeconds: number;
      now: string;
    }
  | { type: 'GrantMinutes'; userId: string; period: string; grantId: string; seconds: number; now: string };

/**
 * Decoders and containers disagree by a few hundred milliseconds on honest files (codec padding, rounding):
 * only a longer difference is billed.
 */
export const DECODED_LENGTH_TOLERANCE_SECONDS = 1;

/**
 * How many seconds of audio the worker may decode for a recording: what is reserved for it plus what the period
 * has left (and the tolerance), so a file whose header lies is never decoded past what its owner can pay for.
 * null = unlimited plan.
 */
export const decodeBudgetSeconds = (
  usage: UsageState,
  recordingId: string,
  planSeconds: number | null,
): number | null => {
  const allowance = allowanceSecondsWithGrants(planSeconds, usage.grantedSeconds);
  if (allowance === null) return null;
  const left = Math.max(0, allowance - usage.usedSeconds);
  return (usage.reserved[recordingId] ?? 0) + left + DECODED_LENGTH_TOLERANCE_SECONDS + 1;
};

const minutes = (seconds: number) => Math.ceil((seconds / 60) * 10) / 10;

const reserveDecoded = (
  command: Extract<UsageCommand, { type: 'ReserveDecodedMinutes' }>,
  state: UsageState,
): UsageEvent[] => {
  const reserved = state.reserved[command.recordingId];
  // Nothing reserved (released: cancelled or failed meanwhile) means nothing is being transcribed to bill.
  if (reserved === undefined) return [];
  const extra = command.decodedSeconds - reserved;
  if (extra <= DECODED_LENGTH_TOLERANCE_SECONDS) return [];
  const allowanceSeconds = allowanceSecondsWithGrants(command.allowanceSeconds, state.grantedSeconds);
  if (allowanceSeconds !== null && state.usedSeconds + extra > allowanceSeconds) {
    const left = minutesForPeople(Math.max(0, allowanceSeconds - state.usedSeconds));
    throw new DomainError(
      'QUOTA_EXCEEDED',
      `This file holds at least ${minutes(command.decodedSeconds)} minutes of audio, although its header says ${minutes(reserved)}, and you have ${left} of your ${allowanceSeconds / 60} minutes left this month. Nothing was charged. Upgrade your plan or upload a shorter file.`,
      { minutesLeft: left, minutesNeeded: minutes(extra), decodedMinutes: minutes(command.decodedSeconds) },
    );
  }
  return [
    {
      type: 'ExtraMinutesReserved',
      data: {
        userId: command.userId,
        period: command.period,
        recordingId: command.recordingId,
        seconds: extra,
        totalSeconds: command.decodedSeconds,
        at: command.now,
      },
    },
  ];
};

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
    if (command.type === 'ReserveDecodedMinutes') return reserveDecoded(command, state);
    if (command.type === 'SettleLiveMinutes') {
      const held = state.reserved[command.recordingId];
      if (held === undefined || held === command.recordedSeconds) return [];
      const { userId, period, recordingId, now } = command;
      const released: UsageEvent = {
        type: 'MinutesReleased',
        data: { userId, period, recordingId, seconds: held, reason: 'live-ended', at: now },
      };
      if (command.recordedSeconds <= 0) return [released];
      return [
        released,
        {
          type: 'MinutesReserved',
          data: { userId, period, recordingId, seconds: command.recordedSeconds, at: now },
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
    if (event.type === 'MinutesReserved' || event.type === 'ExtraMinutesReserved') {
      return {
        ...state,
        reserved: {
          ...state.reserved,
          [event.data.recordingId]: (state.reserved[event.data.recordingId] ?? 0) + event.data.seconds,
        },
        usedSeconds: state.usedSeconds + event.data.seconds,
      };
    }
    const { [event.data.recordingId]: _released, ...rest } = state.reserved;
    return { ...state, reserved: rest, usedSeconds: Math.max(0, state.usedSeconds - event.data.seconds) };
  },
};
