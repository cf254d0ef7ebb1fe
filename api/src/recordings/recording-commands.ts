import { type Actor, DomainError, type Ids, NotFoundError } from '@scrivo/domain';
import {
  allowanceSecondsFor,
  decodeBudgetSeconds,
  PLAN_LIMITS,
  type PlanId,
  type RecordingCommand,
  recordingDecider,
  recordingDocFrom,
  recordingStream,
  transcriptDocFrom,
  usageDecider,
  usagePeriod,
  usageStream,
} from '@scrivo/domain/recordings';

import { crashPoint } from '../common/crash-point';
import type { StreamRunner } from '../infrastructure/stream-runner';

export const TRANSCRIPTION_JOB = 'transcription';

/**
 * The write side shared by the API, the job worker and the reactors: runs the recording and usage deciders.
 * Kept free of Nest so worker-main.ts can use it without the HTTP app. Jobs are enqueued, cancelled and minutes
 * given back by the reactors (./reactors), from the events these commands append.
 */
export class RecordingCommands {
  constructor(
    private readonly deps: {
      /** The one way to run a decider on a stream (in the API it also waits for the read models). */
      runner: StreamRunner;
      ids: Ids;
      /** A weekly subscriber's billing anchor: their usage periods are billing weeks (null = calendar months). */
      weeklyAnchorOf?: (ownerId: string) => Promise<string | null>;
    },
  ) {}

  /** The usage period holding `at` for this account: its billing week, or the calendar month. */
  async periodOf(ownerId: string, at: Date) {
    return usagePeriod(at, (await this.deps.weeklyAnchorOf?.(ownerId)) ?? null);
  }

  now(): string {
    return this.deps.runner.now();
  }

  /** A fresh id for something the server names (a highlight or comment). */
  newId(): string {
    return this.deps.ids.next();
  }

  run(
    recordingId: string,
    command: RecordingCommand,
    actor: Actor,
    correlationId: string,
    causationId?: string,
  ) {
    return this.deps.runner.run(recordingDecider, recordingStream(recordingId), command, {
      actor,
      correlationId,
      ...(causationId === undefined ? {} : { causationId }),
    });
  }

  /** The recording's library document folded from its own stream (what a write answers with), or null. */
  async view(recordingId: string) {
    return recordingDocFrom((await this.load(recordingId)).events);
  }

  /** The recording's transcript with every edit, folded from its stream, or null before one exists. */
  async transcript(recordingId: string) {
    return transcriptDocFrom((await this.load(recordingId)).events);
  }

  /** The recording's events and the state they fold into. */
  load(recordingId: string) {
    return this.deps.runner.load(recordingDecider, recordingStream(recordingId));
  }

  private usage(ownerId: string, period: string) {
    return this.deps.runner.state(usageDecider, usageStream(ownerId, period));
  }

  /**
   * Requests the transcription, reserving the probed minutes (refusing with QUOTA_EXCEEDED); the
   * transcription-jobs reactor turns the request into a job. The recording decides first, so a refusal (no audio
   * yet, already queued or done) never charges minutes; an append that loses a race after the reservation gives
   * back what this call reserved.
   */
  async requestTranscription(recordingId: string, plan: PlanId, actor: Actor, correlationId: string) {
    const { state, events } = await this.load(recordingId);
    if (!state.exists || !state.ownerId) throw new NotFoundError('Recording', recordingId);
    if (!state.media)
      throw new DomainError('RECORDING_STATE_CONFLICT', 'This recording has no readable audio.');
    // A retry after a failure: the failed attempt's minutes must be given back before this one reserves, or the
    // release, arriving late, would take this attempt's reservation with it.
    if (state.status === 'failed' || state.status === 'cancelled')
      await this.deps.runner.settled(events.at(-1)?.globalPosition ?? null);
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
    const reserved = await this.deps.runner.run(
      usageDecider,
      usageStream(ownerId, period),
      {
        type: 'ReserveMinutes',
        userId: ownerId,
        period,
        recordingId,
        seconds: state.media.durationSeconds,
        allowanceSeconds: allowanceSecondsFor(plan, period),
        now: now.toISOString(),
      },
      { actor, correlationId },
    );
    crashPoint('reserved');
    try {
      return await this.run(recordingId, request, actor, correlationId);
    } catch (error) {
      const fresh = (await this.load(recordingId)).state;
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
    await this.deps.runner.run(
      usageDecider,
      usageStream(ownerId, period),
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
    await this.deps.runner.run(
      usageDecider,
      usageStream(ownerId, period),
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
    await this.deps.runner.run(
      usageDecider,
      usageStream(ownerId, period),
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
    await this.deps.runner.run(
      usageDecider,
      usageStream(ownerId, period),
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
