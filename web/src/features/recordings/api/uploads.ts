import {
  Recording,
  TUS_ENDPOINT,
  type UploadMetadata,
} from '@scrivo/contracts/recordings/recordings.contract';
import { DetailedError, Upload, defaultOptions } from 'tus-js-client';
import { HttpError, readCookie } from '../../../lib/http';
import type { SavedUpload } from '../upload/saved-uploads';

const CHUNK_SIZE = 8 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

/** What a tus upload tells its queue. */
export interface TusEvents {
  /** The first POST created the recording. */
  created(recordingId: string): void;
  /** A resumed upload continues from this byte (the server's answer to HEAD). */
  resumedAt(offset: number): void;
  progress(sent: number, total: number): void;
  /** A failure tus retries by itself (the network, a busy server, a lock). */
  retrying(): void;
  done(): void;
  /** The network or the server failed for longer than the retries last. */
  stalled(): void;
  /** The server refused the file (`message` is its reason, when it gave one). */
  refused(status: number, message: string | null): void;
}

/**
 * The tus upload (TUS_ENDPOINT) of one file with its options, resumable across reloads for this person only;
 * not started (the queue looks for a previous attempt first).
 */
export const tusUpload = (file: File, saved: SavedUpload, userId: string, on: TusEvents): Upload => {
  const metadata: UploadMetadata & Record<string, string> = {
    filename: file.name,
    filetype: file.type,
    title: saved.title,
    language: saved.language || 'auto',
    translate: String(saved.translate),
    speakers: saved.speakers || 'auto',
    // tus sends an empty value as a key alone, which the server reads as null: left out instead.
    ...(saved.terms ? { terms: saved.terms } : {}),
    ...(saved.context ? { context: saved.context } : {}),
    ...(saved.workspaceId ? { workspaceId: saved.workspaceId } : {}),
  };
  return new Upload(file, {
    endpoint: TUS_ENDPOINT,
    metadata,
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // Per person, so two accounts in one browser never continue each other's uploads.
    fingerprint: async (f, options) => `${await defaultOptions.fingerprint(f, options)}-${userId}`,
    onBeforeRequest: (request) => {
      const csrf = readCookie('scrivo_csrf');
      if (csrf) request.setHeader('X-CSRF-Token', csrf);
    },
    onAfterResponse: (request, response) => {
      const recordingId = response.getHeader('X-Recording-Id');
      if (request.getMethod() === 'POST' && recordingId) on.created(recordingId);
      if (request.getMethod() === 'HEAD' && response.getStatus() < 300) {
        const offset = Number(response.getHeader('Upload-Offset'));
        if (Number.isFinite(offset)) on.resumedAt(offset);
      }
    },
    onProgress: (sent, total) => on.progress(sent, total),
    onShouldRetry: (error, _attempt, options) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      const retrying = status === 0 || status >= 500 || status === 409 || status === 423;
      if (retrying) on.retrying();
      return retrying && !!options.retryDelays;
    },
    onSuccess: () => on.done(),
    onError: (error) => {
      const response = error instanceof DetailedError ? error.originalResponse : null;
      const status = response?.getStatus() ?? 0;
      if (status === 0 || status >= 500) on.stalled();
      else on.refused(status, serverMessage(response?.getBody()));
    },
  });
};

const serverMessage = (body: string | undefined): string | null => {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // tus servers may answer plain text
  }
  return body.length < 300 ? body : null;
};

type UploadFields = Pick<SavedUpload, 'title' | 'language' | 'translate' | 'speakers' | 'terms' | 'context'>;

/**
 * POST /api/recordings with `keep=unreadable`: a file the server could not read as audio, kept as a recording
 * marked unreadable (stored, never transcribed).
 */
export const keepUnreadable = async (file: File, fields: UploadFields): Promise<Recording> => {
  // FormData built here: the typed client would send each text field JSON-quoted.
  const form = new FormData();
  form.set('file', file);
  form.set('title', fields.title);
  form.set('language', fields.language || 'auto');
  form.set('translate', String(fields.translate));
  form.set('speakers', fields.speakers || 'auto');
  form.set('terms', fields.terms ?? '');
  form.set('context', fields.context ?? '');
  form.set('keep', 'unreadable');
  const csrf = readCookie('scrivo_csrf');
  const response = await fetch('/api/recordings', {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: csrf ? { 'X-CSRF-Token': csrf } : {},
  });
  if (!response.ok) throw new HttpError(response.status, await response.text());
  return Recording.parse(await response.json());
};
