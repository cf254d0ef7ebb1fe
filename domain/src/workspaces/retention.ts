import { DomainError } from '../kernel/errors';

/**
 * What a retention policy removes once a recording is old enough: only its media (the transcript stays, the
 * player goes), or the whole recording, which goes to the bin like a deletion by hand and is erased after it.
 */
export type RetentionScope = 'media' | 'recording';

export interface RetentionPolicy {
  /** Days after the upload. */
  readonly days: number;
  readonly scope: RetentionScope;
}

/** How long before its date a recording shows that retention will remove it. */
export const RETENTION_WARNING_DAYS = 7;
/** Ten years: a longer policy is a typo, not a policy. */
export const MAX_RETENTION_DAYS = 3650;

const DAY_MS = 24 * 3600 * 1000;

/** A policy as written, or a refusal people can act on. */
export const checkedRetention = (policy: RetentionPolicy): RetentionPolicy => {
  if (!Number.isInteger(policy.days) || policy.days < 1 || policy.days > MAX_RETENTION_DAYS)
    throw new DomainError(
      'VALIDATION_FAILED',
      `Retention is a whole number of days from 1 to ${MAX_RETENTION_DAYS}.`,
    );
  return { days: policy.days, scope: policy.scope };
};

/** The instant a recording uploaded at `uploadedAt` is due under `policy`. */
export const retentionDate = (uploadedAt: string, policy: RetentionPolicy): string =>
  new Date(Date.parse(uploadedAt) + policy.days * DAY_MS).toISOString();

/**
 * Where a recording stands under a policy at `now`: kept, within the warning before its date, or due. The daily
 * timer applies what is due; the library shows the date, and the warning in its last week.
 */
export type RetentionStep = 'keep' | 'warn' | 'due';

export const retentionStep = (uploadedAt: string, policy: RetentionPolicy, now: string): RetentionStep => {
  const due = Date.parse(retentionDate(uploadedAt, policy));
  const at = Date.parse(now);
  if (at >= due) return 'due';
  return at >= due - RETENTION_WARNING_DAYS * DAY_MS ? 'warn' : 'keep';
};

/** What a workspace's retention will remove from a recording, and when; `soon` in the last week before. */
export interface RetentionRemoval {
  readonly at: string;
  readonly scope: RetentionScope;
  readonly soon: boolean;
}

/**
 * What is still to be removed from a recording under a policy, or null: nothing when it is in the bin already
 * (the bin's own date holds), or when only media was to go and it has gone.
 */
export const retentionRemoval = (
  recording: {
    readonly createdAt: string;
    readonly deletedAt: string | null;
    readonly blobKey: string | null;
  },
  policy: RetentionPolicy,
  now: string,
): RetentionRemoval | null => {
  if (recording.deletedAt !== null) return null;
  if (policy.scope === 'media' && recording.blobKey === null) return null;
  return {
    at: retentionDate(recording.createdAt, policy),
    scope: policy.scope,
    soon: retentionStep(recording.createdAt, policy, now) !== 'keep',
  };
};
