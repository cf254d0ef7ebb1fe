import type { Workflow } from '../../kernel/workflow';
import type { PlanId } from '../../plans';
import type { UsageEvent } from '../../recordings/events';
import { allowanceMinutesFor } from '../../recordings/plans';
import { allowanceSecondsWithGrants, usageDecider, type UsageState } from '../../recordings/usage.decider';
import type { LiveSessionCommand } from '../live-session.decider';

/** Headroom kept when a session's allowance is fixed: an encoded file can probe a few ms longer than its PCM. */
const ENCODING_HEADROOM_SECONDS = 1;

// The workflow's inputs are messages of the request, never stored: they are no events of the catalogue.

/** The owner asked to record live (the socket's `start`): the session's id is chosen, in the current usage period. */
export interface LiveStartAsked {
  readonly type: 'LiveStartAsked';
  readonly data: {
    readonly sessionId: string;
    readonly ownerId: string;
    readonly plan: PlanId;
    readonly period: string;
    /** As the owner typed it; null or blank for the default. */
    readonly title: string | null;
    readonly language: string | null;
    /** The workspace to record into (the socket checked the owner may upload there), or null for their own space. */
    readonly workspaceId: string | null;
    readonly at: string;
  };
}
/** A step of the start failed (the session refused it, or anything else): the session did not start. */
export interface LiveStartFailed {
  readonly type: 'LiveStartFailed';
  readonly data: { readonly sessionId: string; readonly ownerId: string; readonly at: string };
}
type Input = LiveStartAsked | LiveStartFailed;

/** What the session may record, held for it on the usage stream before it starts. */
export interface HoldLiveMinutes {
  readonly type: 'HoldLiveMinutes';
  readonly ownerId: string;
  readonly sessionId: string;
  readonly plan: PlanId;
  readonly seconds: number;
}

/** A hold made for a session that did not start goes back (settled at nothing recorded). */
export interface GiveBackLiveHold {
  readonly type: 'GiveBackLiveHold';
  readonly ownerId: string;
  readonly sessionId: string;
  readonly startedAt: string;
}

export type LiveStartStep =
  HoldLiveMinutes | Extract<LiveSessionCommand, { type: 'StartLiveSession' }> | GiveBackLiveHold;

/** Seconds of audio the plan has left in the period (null = unlimited), less the encoding headroom. */
const allowanceSeconds = (plan: PlanId, period: string, usage: UsageState): number | null => {
  const minutes = allowanceMinutesFor(plan, period);
  if (minutes === null) return null;
  const allowance = allowanceSecondsWithGrants(minutes * 60, usage.grantedSeconds) ?? 0;
  return Math.max(0, Math.floor(allowance - usage.usedSeconds - ENCODING_HEADROOM_SECONDS));
};

/**
 * Starting a live recording: everything the plan has left in the period (the owner's usage stream) is held for
 * the session, then the session starts with that allowance, so sessions opened at once share the minutes instead
 * of each being given all of them; with nothing left the session refuses to start (QUOTA_EXCEEDED), and an
 * unlimited plan holds nothing. If a step fails, the hold is given back.
 *
 * Run in the socket's request, not as a reactor (its inputs are the request and a step's failure, not stored
 * events), because the session's refusal must be the socket's answer. A hold whose session never started (a crash
 * in between) is given back by the upload recovery's sweep of reservations with nothing behind them.
 */
export const liveStartWorkflow: Workflow<Input, UsageState, LiveStartStep, UsageEvent | Input> = {
  name: 'live-start',
  inputs: ['LiveStartAsked', 'LiveStartFailed'],
  initialState: usageDecider.initialState,
  evolve: (usage, event) =>
    event.type === 'LiveStartAsked' || event.type === 'LiveStartFailed'
      ? usage
      : usageDecider.evolve(usage, event),
  decide(input, usage) {
    const { sessionId, ownerId, at } = input.data;
    if (input.type === 'LiveStartFailed')
      return [{ type: 'GiveBackLiveHold', ownerId, sessionId, startedAt: at }];
    const { plan, period, title, language, workspaceId } = input.data;
    const seconds = allowanceSeconds(plan, period, usage);
    const start: LiveStartStep = {
      type: 'StartLiveSession',
      sessionId,
      ownerId,
      title: title?.trim() || `Live recording ${at.slice(0, 16).replace('T', ' ')}`,
      language,
      allowanceSeconds: seconds,
      workspaceId,
      now: at,
    };
    if (seconds === null || seconds <= 0) return [start];
    return [{ type: 'HoldLiveMinutes', ownerId, sessionId, plan, seconds }, start];
  },
};
