import type { RecordingState } from './recording';

/**
 * What to do with a recording whose upload started and never reached `queued` or a refusal: the process that
 * was handling it died (kill -9, power loss) or its last step failed (full or read-only disk). Decided from the
 * recording's own events (the state) and what is on disk, so every API process reaches the same answer and
 * each step it leads to is idempotent per recording.
 */
export type UploadRecoveryStep =
  /** Still in progress, or too recent to tell from a live request: look again later. */
  | { readonly kind: 'wait' }
  /** The bytes are stored and probed: request the transcription (reserving minutes, or refusing). */
  | { readonly kind: 'request' }
  /** Every byte of the resumable upload is on disk: probe, store, request, as the last PATCH would have. */
  | { readonly kind: 'finish' }
  /** The bytes are lost (a one-request upload cut short, or the resumable file is gone): refuse, with why. */
  | { readonly kind: 'fail'; readonly code: string; readonly message: string }
  /** A resumable upload nobody continued within the expiry: remove its bytes and its half-made recording. */
  | { readonly kind: 'expire' };

export interface UploadOnDisk {
  /** Bytes received so far. */
  readonly offset: number;
  /** Declared total, when the client sent it. */
  readonly size: number | null;
}

export interface UploadRecoveryInput {
  readonly state: RecordingState;
  /** The last sign of life: the recording's last event, or the last byte written to the resumable upload. */
  readonly lastActivityAt: Date;
  readonly now: Date;
  /** Leave recordings alone this long after their last activity (a live request may still be finishing). */
  readonly settleMs: number;
  /** An unfinished resumable upload is abandoned after this long without activity. */
  readonly expiryMs: number;
  /** The resumable upload's file, null when there is none (never created, or removed). */
  readonly upload: UploadOnDisk | null;
}

export const INTERRUPTED_UPLOAD = {
  code: 'UPLOAD_INTERRUPTED',
  message: 'The upload was interrupted before the whole file was stored. Please upload the file again.',
} as const;

export const EXPIRED_UPLOAD = {
  code: 'UPLOAD_EXPIRED',
  message: 'The upload was not continued in time and was removed. Please upload the file again.',
} as const;

export const uploadRecoveryStep = (input: UploadRecoveryInput): UploadRecoveryStep => {
  const { state, upload } = input;
  if (!state.exists || state.deleted || state.status !== 'uploading') return { kind: 'wait' };
  const idleMs = input.now.getTime() - input.lastActivityAt.getTime();
  if (idleMs < input.settleMs) return { kind: 'wait' };
  if (state.blobKey && state.media) return { kind: 'request' };
  if (state.source === 'tus' && upload) {
    if (upload.size !== null && upload.offset >= upload.size) return { kind: 'finish' };
    return idleMs >= input.expiryMs ? { kind: 'expire' } : { kind: 'wait' };
  }
  return { kind: 'fail', ...INTERRUPTED_UPLOAD };
};
