import { type Actor, type Ids, NotFoundError, type ReadModelStore } from '@scrivo/domain';
import {
  allowanceSecondsFor,
  decodeBudgetSeconds,
  PLAN_LIMITS,
  type PlanId,
  readableAudio,
  type RecordingCommand,
  recordingDecider,
  recordingStream,
  type UsageCommand,
  usageDecider,
  usagePeriod,
  usageStream,
} from '@scrivo/domain/recordings';

import type { CrashPoints } from '../common/crash-points';
import type { RunContext, StreamRunner } from '../infrastructure/stream-runner';
import { ownerWeeklyAnchorLookup } from './support/owner-plan';

/** The request runner's ledger is the class itself (`MinutesLedger`); reactors take this one. */
export const BACKGROUND_MINUTES_LEDGER = Symbol('BackgroundMinutesLedger');

/**
 * An account's transcription minutes: the usage stream of each period, what it holds, and the writes on it
 * (reserve, top up, hold, settle, release). Shared by the API, the job worker and the reactors, so it is free of
 * Nest; every one of them builds it with `createMinutesLedger`, so the usage periods are the same everywhere.
 */
export class MinutesLedger {
  constructor(
    private readonly deps: {
      /** The one way to run a decider on a stream (in the API it also waits for the read models). */
      readonly runner: StreamRunner;
      readonly ids: Ids;
      /** A weekly subscriber's billing anchor: their usage periods are billing weeks (null = calendar months). */
      readonly weeklyAnchorOf?: (ownerId: string) => Promise<string | null>;
      /** The crash tests' steps (api/src/common/crash-points.ts); none outside them. */
      readonly crash?: CrashPoints;
    },
  ) {}

  /** The usage period holding `at` for this account: its billing week, or the calendar month. */
  async periodOf(ownerId: string, at: Date) {
    return usagePeriod(at, (await this.deps.weeklyAnchorOf?.(ownerId)) ?? null);
  }

  private now(): string {
    return this.deps.runner.now();
  }

  private usage(ownerId: string, period: string) {
    return this.deps.runner.state(usageDecider, usageStream(ownerId, period));
  }

  /** Every write of the ledger: the command on the usage stream of the account and period it names. */
  private onUsage(command: UsageCommand, context: RunContext) {
    return this.deps.runner.run(usageDecider, usageStream(command.userId, command.period), command, context);
  }

  /**
   * Requests the transcription, reserving the probed minutes (refusing with QUOTA_EXCEEDED); the
   * transcription-jobs reactor turns the request into a job. The reservation comes first because the quota's
   * refusal must be the request's answer. The recording decides first, so a refusal (no audio yet, already
   * queued or done) never charges minutes; an append that loses a race after the reservation gives back what
   * this call reserved.
   */
  async requestTranscription(recordingId: string, plan: PlanId, actor: Actor, correlationId: string) {
    const { runner } = this.deps;
    const { state, events } = await runner.load(recordingDecider, recordingStream(recordingId));
    if (!state.exists || !state.ownerId) throw new NotFoundError('Recording', recordingId);
    const media = readableAudio(state);
    // A retry after a failure: the failed attempt's minutes must be given back before this one reserves, or the
    // release, arriving late, would take this attempt's reservation with it.
    if (state.status === 'failed' || state.status === 'cancelled')
      await runner.settled(events.at(-1)?.globalPosition ?? null);
    const ownerId = state.ownerId;
    const now = new Date(this.now());
    const jobId = this.deps.ids.next();
    const period = (await this.periodOf(ownerId, now)).id;
    const request: RecordingCommand = {
      type: 'RequestTranscription',
      jobId,
      speakerLabels: PLAN_LIMITS[plan].speakerLabels,
      period,
      now: now.toISOString(),
    };
    // Throws the refusal (409) before anything is reserved; appends nothing.
    recordingDecider.decide(request, state);
    // The request below waits for the read models for both writes (see runWithoutReadBack): a wait that timed out
    // here would leave minutes reserved for a transcription never requested.
    const reserved = await runner.runWithoutReadBack(
      usageDecider,
      usageStream(ownerId, period),
      {
        type: 'ReserveMinutes',
        userId: ownerId,
        period,
        recordingId,
        seconds: media.durationSeconds,
        allowanceSeconds: allowanceSecondsFor(plan, period),
        now: now.toISOString(),
      },
      { actor, correlationId },
    );
    this.deps.crash?.reached('reserved');
    try {
      return await runner.run(recordingDecider, recordingStream(recordingId), request, {
        actor,
        correlationId,
      });
    } catch (error) {
      const fresh = (await runner.load(recordingDecider, recordingStream(recordingId))).state;
      const live =
        fresh.status === 'queued' || fresh.status === 'transcribing' || fresh.status === 'completed';
      // Only our own reservation, and only when no other request took the recording in the meantime.
      if (reserved.newEvents.length > 0 && !live)
        await this.releaseMinutes(ownerId, recordingId, now.toISOString(), 'failed', actor, correlationId, {
          knownPeriod: period,
        });
      throw error;
    }
  }

  /** How many seconds of audio the worker may decode for this recording (the rule: decodeBudgetSeconds, domain). */
  async decodeBudgetSeconds(ownerId: string, recordingId: string, period: string, plan: PlanId) {
    const planSeconds = allowanceSecondsFor(plan, period);
    // An unlimited plan has no budget: its usage stream is not even read.
    if (planSeconds === null) return null;
    return decodeBudgetSeconds(await this.usage(ownerId, period), recordingId, planSeconds);
  }

  /** Bills the decoded length where it exceeds the reservation (QUOTA_EXCEEDED when the month cannot cover it). */
  async reserveDecodedMinutes(
    ownerId: string,
    recordingId: string,
    period: string,
    decodedSeconds: number,
    plan: PlanId,
    actor: Actor,
    correlationId: string,
  ) {
    await this.onUsage(
      {
        type: 'ReserveDecodedMinutes',
        userId: ownerId,
        period,
        recordingId,
        decodedSeconds,
        allowanceSeconds: allowanceSecondsFor(plan, period),
        now: this.now(),
      },
      { actor, correlationId },
    );
  }

  /**
   * Reserves `seconds` for a live session that is starting, under the session's id (which its recording will
   * take): QUOTA_EXCEEDED when another session or upload took them first.
   */
  async holdLiveMinutes(
    ownerId: string,
    sessionId: string,
    seconds: number,
    plan: PlanId,
    actor: Actor,
    correlationId: string,
  ) {
    const now = this.now();
    const period = (await this.periodOf(ownerId, new Date(now))).id;
    await this.onUsage(
      {
        type: 'ReserveMinutes',
        userId: ownerId,
        period,
        recordingId: sessionId,
        seconds,
        allowanceSeconds: allowanceSecondsFor(plan, period),
        now,
      },
      { actor, correlationId },
    );
  }

  /** A stopped live session's hold becomes the seconds it recorded (nothing at all when it recorded nothing). */
  async settleLiveMinutes(
    ownerId: string,
    sessionId: string,
    startedAt: string,
    recordedSeconds: number,
    actor: Actor,
    correlationId: string,
  ) {
    const period = (await this.periodOf(ownerId, new Date(startedAt))).id;
    await this.onUsage(
      {
        type: 'SettleLiveMinutes',
        userId: ownerId,
        period,
        recordingId: sessionId,
        recordedSeconds,
        now: this.now(),
      },
      { actor, correlationId },
    );
  }

  /** Gives back the minutes of an attempt that produced no transcript. */
  async releaseMinutes(
    ownerId: string,
    recordingId: string,
    requestedAt: string | null,
    reason: 'failed' | 'cancelled',
    actor: Actor,
    correlationId: string,
    options: {
      readonly causationId?: string;
      /** The period holding the reservation when the caller knows it; else the one at requestedAt. */
      readonly knownPeriod?: string;
    } = {},
  ) {
    const period =
      options.knownPeriod ?? (await this.periodOf(ownerId, new Date(requestedAt ?? this.now()))).id;
    await this.onUsage(
      { type: 'ReleaseMinutes', userId: ownerId, period, recordingId, reason, now: this.now() },
      {
        actor,
        correlationId,
        ...(options.causationId === undefined ? {} : { causationId: options.causationId }),
      },
    );
  }

  async usedSeconds(ownerId: string): Promise<number> {
    return (await this.currentUsage(ownerId)).usedSeconds;
  }

  /** This period's usage stream: seconds used and seconds an operator granted on top of the plan. */
  async currentUsage(ownerId: string) {
    return (await this.currentPeriodUsage(ownerId)).usage;
  }

  /** The current usage period (a billing week for weekly subscribers, else the month) and its usage stream. */
  async currentPeriodUsage(ownerId: string) {
    const period = await this.periodOf(ownerId, new Date(this.now()));
    return { period, usage: await this.usage(ownerId, period.id) };
  }
}

/**
 * The one way to build the ledger (the API's providers and worker-main.ts): over a runner, with the accounts'
 * billing anchors from the users read model.
 */
export const createMinutesLedger = (
  runner: StreamRunner,
  ids: Ids,
  readModels: ReadModelStore,
  crash?: CrashPoints,
) =>
  new MinutesLedger({
    runner,
    ids,
    weeklyAnchorOf: ownerWeeklyAnchorLookup(readModels),
    ...(crash ? { crash } : {}),
  });
