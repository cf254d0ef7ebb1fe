import type { Decider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import { DATA_EXPORT_TTL_MS, type DataExportEvent } from './events';

export type DataExportStatus = 'building' | 'ready' | 'failed' | 'expired' | 'erased';

export interface DataExportState {
  readonly exists: boolean;
  readonly exportId: string | null;
  readonly userId: string | null;
  readonly status: DataExportStatus;
  readonly progress: number;
  readonly blobKey: string | null;
  readonly expiresAt: string | null;
}

export type DataExportCommand =
  | {
      readonly type: 'RequestDataExport';
      readonly exportId: string;
      readonly userId: string;
      /** How many of the owner's archives are being built now (the read model's count). */
      readonly othersBuilding: number;
      readonly at: string;
    }
  | { readonly type: 'ReportExportProgress'; readonly progress: number; readonly at: string }
  | {
      readonly type: 'CompleteDataExport';
      readonly blobKey: string;
      readonly sizeBytes: number;
      readonly at: string;
    }
  | { readonly type: 'FailDataExport'; readonly reason: string; readonly at: string }
  /** The owner's account is being erased; `blobKey` is where a (partial) archive may be. */
  | { readonly type: 'EraseDataExport'; readonly blobKey: string; readonly at: string }
  /** The sweep deleted the archive's blob once its link expired. */
  | { readonly type: 'ExpireDataExport'; readonly at: string };

/** One archive's life: requested, built with progress by a job, then ready (until it expires) or failed. */
export const dataExportDecider: Decider<DataExportCommand, DataExportEvent, DataExportState> = {
  initialState: () => ({
    exists: false,
    exportId: null,
    userId: null,
    status: 'building',
    progress: 0,
    blobKey: null,
    expiresAt: null,
  }),
  decide(command, state) {
    if (command.type === 'RequestDataExport') {
      if (state.exists) return [];
      // One archive at a time: each holds a copy of everything the account has.
      if (command.othersBuilding > 0)
        throw new DomainError('EXPORT_IN_PROGRESS', 'An archive of your data is already being built.');
      return [
        {
          type: 'DataExportRequested',
          data: { exportId: command.exportId, userId: command.userId, requestedAt: command.at },
        },
      ];
    }
    if (!state.exists || !state.exportId) throw new NotFoundError('Data export', '');
    const exportId = state.exportId;
    if (command.type === 'EraseDataExport')
      return state.status === 'erased'
        ? []
        : [{ type: 'DataExportErased', data: { exportId, blobKey: command.blobKey, at: command.at } }];
    if (command.type === 'ExpireDataExport') {
      const due =
        state.status === 'ready' &&
        state.blobKey !== null &&
        state.expiresAt !== null &&
        Date.parse(state.expiresAt) <= Date.parse(command.at);
      return due
        ? [{ type: 'DataExportExpired', data: { exportId, blobKey: state.blobKey!, at: command.at } }]
        : [];
    }
    // A repeated job attempt after the archive is done (or given up) changes nothing.
    if (state.status !== 'building') return [];
    switch (command.type) {
      case 'ReportExportProgress': {
        const progress = Math.min(1, Math.max(0, command.progress));
        if (progress <= state.progress) return [];
        return [{ type: 'DataExportProgressed', data: { exportId, progress, at: command.at } }];
      }
      case 'CompleteDataExport': {
        if (command.sizeBytes <= 0) throw new DomainError('VALIDATION_FAILED', 'An archive is never empty.');
        const expiresAt = new Date(Date.parse(command.at) + DATA_EXPORT_TTL_MS).toISOString();
        return [
          {
            type: 'DataExportCompleted',
            data: {
              exportId,
              blobKey: command.blobKey,
              sizeBytes: command.sizeBytes,
              completedAt: command.at,
              expiresAt,
            },
          },
        ];
      }
      case 'FailDataExport':
        return [{ type: 'DataExportFailed', data: { exportId, reason: command.reason, at: command.at } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'DataExportRequested':
        return { ...state, exists: true, exportId: event.data.exportId, userId: event.data.userId };
      case 'DataExportProgressed':
        return { ...state, progress: event.data.progress };
      case 'DataExportCompleted':
        return {
          ...state,
          status: 'ready',
          progress: 1,
          blobKey: event.data.blobKey,
          expiresAt: event.data.expiresAt,
        };
      case 'DataExportFailed':
        return { ...state, status: 'failed' };
      case 'DataExportErased':
        return { ...state, status: 'erased', blobKey: null };
      case 'DataExportExpired':
        return { ...state, status: 'expired', blobKey: null };
    }
  },
};
