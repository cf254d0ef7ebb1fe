import { Inject, Injectable } from '@nestjs/common';
import type { Usage } from '@scrivo/contracts';
import { type Actor, NotFoundError, type ReadModelStore } from '@scrivo/domain';
import {
  allowanceMinutesFor,
  allowanceSecondsWithGrants,
  maxUploadBytesFor,
  type PlanId,
  RECORDINGS_COLLECTION,
  recordingDecider,
  type RecordingDoc,
  recordingDocFrom,
  recordingStream,
} from '@scrivo/domain/recordings';
import { roleMay, type WorkspaceRole } from '@scrivo/domain/workspaces';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { READ_MODELS } from '../../infrastructure/tokens';
import { WorkspaceMembership } from '../../workspaces/support/workspace-membership';
import { ownerPlanLookup } from './owner-plan';
import { MinutesLedger } from '../minutes-ledger';
import type { RecordingsConfig } from '../recordings-config';
import { RECORDINGS_CONFIG } from '../recordings.tokens';

/**
 * What the caller wants to do with a recording: a workspace role's action (a viewer reads and exports, a member also
 * comments and edits), or `uploader` for what only the person who uploaded it does (delete, cancel, share it
 * publicly, spend minutes on it: the uploader's plan pays).
 */
export type RecordingAction = 'read' | 'export' | 'comment' | 'edit' | 'uploader';

/** The plan that pays for work on a recording, and whether it is the caller's own (see `RecordingAccess.payer`). */
export interface Payer {
  readonly plan: PlanId;
  readonly mine: boolean;
}

const REFUSAL: Readonly<Record<Exclude<RecordingAction, 'read' | 'export'>, string>> = {
  comment: 'Viewers of this workspace cannot comment; ask an admin for the member role.',
  edit: 'Viewers of this workspace cannot change its recordings; ask an admin for the member role.',
  uploader: 'Only the person who uploaded this recording can do this.',
};

/** What every recordings handler needs: the caller's own recording (or 404), limits, usage, actor. */
@Injectable()
export class RecordingAccess {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(RECORDINGS_CONFIG) readonly config: RecordingsConfig,
    private readonly runner: StreamRunner,
    private readonly minutes: MinutesLedger,
    private readonly membership: WorkspaceMembership,
  ) {}

  actor(user: { id: string }): Actor {
    return { kind: 'user', id: user.id };
  }

  /** The caller's X-Correlation-Id (else the request id), chosen by the stream runner as for every feature. */
  correlationId(): string {
    return this.runner.correlationId();
  }

  /**
   * The recording when the caller may do `action` with it: their own (uploaded by them, in a workspace or not: it
   * stays theirs if they leave it), or one of a workspace they belong to whose role allows the action (403 with
   * why when it does not). Anyone else, and a deleted recording, gets 404, as for an id that does not exist. The
   * role is read on every request, so a removal counts at once.
   */
  async owned(
    user: AuthenticatedUser,
    id: string,
    action: RecordingAction,
    options: { deleted?: boolean } = {},
  ): Promise<RecordingDoc> {
    const doc = await this.readModels.collection<RecordingDoc>(RECORDINGS_COLLECTION).get(id);
    if (!doc || (doc.deletedAt !== null && !options.deleted)) throw new NotFoundError('Recording', id);
    if (doc.ownerId === user.id) return doc;
    const role = doc.workspaceId ? await this.membership.role(user.id, doc.workspaceId) : null;
    if (role === null) throw new NotFoundError('Recording', id);
    if (action === 'read' || action === 'export') return doc;
    if (action === 'uploader' || !roleMay(role, action))
      throw new ApiError(403, 'FORBIDDEN', REFUSAL[action]);
    return doc;
  }

  /**
   * Who pays for work asked on a recording (a summary, a translation, as for its transcription): its uploader, so
   * a workspace's member who asks spends the uploader's plan. `mine`: the caller is that uploader.
   */
  async payer(user: AuthenticatedUser, recording: RecordingDoc): Promise<Payer> {
    if (recording.ownerId === user.id) return { plan: user.plan, mine: true };
    return { plan: await ownerPlanLookup(this.readModels)(recording.ownerId), mine: false };
  }

  /** The caller's role in a workspace now (null: not a member, or no such workspace). */
  roleIn(user: AuthenticatedUser, workspaceId: string): Promise<WorkspaceRole | null> {
    return this.membership.role(user.id, workspaceId);
  }

  /** Checks the caller may upload into the workspace (404 when not a member, 403 for a viewer). */
  async mayUploadInto(user: AuthenticatedUser, workspaceId: string): Promise<void> {
    await this.membership.require(user.id, workspaceId, 'upload');
  }

  /**
   * The recording as the write just left it, folded from its stream: a write answers from the events, not by
   * reading the read model back.
   */
  async written(id: string): Promise<RecordingDoc> {
    const doc = recordingDocFrom((await this.runner.load(recordingDecider, recordingStream(id))).events);
    if (!doc) throw new NotFoundError('Recording', id);
    return doc;
  }

  maxUploadBytes(user: AuthenticatedUser): number {
    return maxUploadBytesFor(user.plan, this.config.SCRIVO_MAX_UPLOAD_BYTES);
  }

  async usage(user: AuthenticatedUser): Promise<Usage> {
    const { period, usage: month } = await this.minutes.currentPeriodUsage(user.id);
    const used = month.usedSeconds / 60;
    const plan = allowanceMinutesFor(user.plan, period.id);
    // Minutes an operator granted for this period come on top of the plan's.
    const allowedSeconds = allowanceSecondsWithGrants(plan === null ? null : plan * 60, month.grantedSeconds);
    const allowed = allowedSeconds === null ? null : allowedSeconds / 60;
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      plan: user.plan,
      minutesUsed: round(used),
      minutesAllowed: allowed,
      minutesLeft: allowed === null ? null : Math.max(0, Math.floor((allowed - used) * 10) / 10),
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      maxUploadBytes: this.maxUploadBytes(user),
    };
  }

  /** Refuses at once when the account has no minutes left (before any bytes are sent). */
  async assertMinutesLeft(user: AuthenticatedUser): Promise<void> {
    const usage = await this.usage(user);
    if (usage.minutesLeft !== null && usage.minutesLeft <= 0)
      throw new ApiError(
        402,
        'QUOTA_EXCEEDED',
        `You have no transcription minutes left this month (0 of ${usage.minutesAllowed}). Upgrade your plan or wait until ${usage.periodEnd.slice(0, 10)}.`,
      );
  }
}
