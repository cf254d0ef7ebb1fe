import type { DomainEvent } from '../kernel/events';

// ---- data export stream: `data-export-{exportId}` ----
/** Download my data: the owner asked for an archive of everything the account holds. */
export type DataExportRequested = DomainEvent<
  'DataExportRequested',
  { exportId: string; userId: string; requestedAt: string }
>;
/** How far the archive is built (0 to 1): the page shows it. */
export type DataExportProgressed = DomainEvent<
  'DataExportProgressed',
  { exportId: string; progress: number; at: string }
>;
/** The archive is in the blob store; its download link works until `expiresAt`. */
export type DataExportCompleted = DomainEvent<
  'DataExportCompleted',
  { exportId: string; blobKey: string; sizeBytes: number; completedAt: string; expiresAt: string }
>;
export type DataExportFailed = DomainEvent<
  'DataExportFailed',
  { exportId: string; reason: string; at: string }
>;

/** Its owner's account was erased: the archive's blob is deleted and the read model forgets it. */
export type DataExportErased = DomainEvent<
  'DataExportErased',
  { exportId: string; blobKey: string; at: string }
>;

/** The download link expired: the archive's blob was deleted from the blob store (the periodic sweep). */
export type DataExportExpired = DomainEvent<
  'DataExportExpired',
  { exportId: string; blobKey: string; at: string }
>;

export type DataExportEvent =
  | DataExportRequested
  | DataExportProgressed
  | DataExportCompleted
  | DataExportFailed
  | DataExportErased
  | DataExportExpired;

export const DATA_EXPORT_EVENT_TYPES: readonly DataExportEvent['type'][] = [
  'DataExportRequested',
  'DataExportProgressed',
  'DataExportCompleted',
  'DataExportFailed',
  'DataExportExpired',
  'DataExportErased',
];

export const dataExportStream = (exportId: string) => `data-export-${exportId}`;
/** The job kind that builds an archive (the job queue's competing consumers). */
export const DATA_EXPORT_JOB = 'data-export';
/** How long a download link works once the archive is ready. */
export const DATA_EXPORT_TTL_MS = 24 * 3600 * 1000;

/**
 * Stream `migration-email-stream-names`: at start-up, every stream still named by an address was moved to its
 * keyed name (docs/decisions/0006-email-stream-names.md); later starts find this and skip the scan.
 */
export type EmailStreamNamesMigrated = DomainEvent<'EmailStreamNamesMigrated', { moved: number; at: string }>;
