import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { UploadMetadata } from '@scrivo/contracts';
import { FileUrlStorage, Upload } from 'tus-js-client';
import { configDir, type Login } from './config';
import { CliError, refusal } from './errors';

export interface UploadChoices {
  readonly title?: string;
  readonly language?: string;
  readonly translate?: boolean;
  readonly speakers?: string;
  readonly minSpeakers?: string;
  readonly maxSpeakers?: string;
  /** This recording's own names and terms (comma-separated or one per line) and a line about it. */
  readonly terms?: string;
  readonly context?: string;
  /** Bytes per PATCH: what an interrupted upload can lose at most. */
  readonly chunkSize?: number;
}

/**
 * tus's file store with a lock that outlasts a killed run: a process killed while it held the lock leaves it for
 * the lock's staleness time (10 s), and tus's own retries give up after about half a second, so a watcher restarted
 * at once crashed with "Lock file is already being held". These retries wait past the staleness, then take it over.
 */
class ResumeStore extends FileUrlStorage {
  _lockfileOptions() {
    return { realpath: false, stale: 10_000, retries: { retries: 12, minTimeout: 100, maxTimeout: 2_000 } };
  }
}

/** tus keeps each file's upload address here, by path, size and modification time, so a new run resumes it. */
const resumeStore = async () => {
  await mkdir(configDir(), { recursive: true, mode: 0o700 });
  return new ResumeStore(join(configDir(), 'uploads.json'));
};

const bodyOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
};

/**
 * Sends one file with the tus protocol (the API's `/api/uploads`), resuming where an earlier run stopped, and
 * resolves with its recording's id once the last byte is in.
 */
export interface UploadHooks {
  readonly onProgress?: (sent: number, total: number) => void;
  /**
   * The recording exists (the server made it when the upload was created), before any byte is sent; `uploadUrl` is
   * where its bytes go, to resume it by even if this process dies before tus has noted it down.
   */
  readonly onCreated?: (recordingId: string, uploadUrl: string) => void | Promise<void>;
  /** An upload an earlier run created (its `uploadUrl`): resumed from what the server holds. */
  readonly resumeUrl?: string;
  /** Stops sending; the part already sent stays on the server, and the next run resumes from there. */
  readonly signal?: AbortSignal;
}

export const uploadFile = async (
  login: Login,
  path: string,
  choices: UploadChoices,
  hooks: UploadHooks = {},
): Promise<string> => {
  const metadata: UploadMetadata & Record<string, string> = {
    filename: basename(path),
    ...(choices.title ? { title: choices.title } : {}),
    language: choices.language ?? 'auto',
    translate: String(choices.translate ?? false),
    speakers: choices.speakers ?? 'auto',
    ...(choices.minSpeakers ? { minSpeakers: choices.minSpeakers } : {}),
    ...(choices.maxSpeakers ? { maxSpeakers: choices.maxSpeakers } : {}),
    ...(choices.terms ? { terms: choices.terms } : {}),
    ...(choices.context ? { context: choices.context } : {}),
  };
  const urlStorage = await resumeStore();
  return new Promise<string>((resolve, reject) => {
    let recordingId: string | null = null;
    const upload = new Upload(createReadStream(path), {
      endpoint: `${login.url.replace(/\/+$/, '')}/api/uploads`,
      headers: { authorization: `Bearer ${login.apiKey}` },
      metadata,
      chunkSize: choices.chunkSize ?? 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      urlStorage,
      uploadUrl: hooks.resumeUrl ?? null,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: hooks.onProgress ?? null,
      onAfterResponse: async (request, response) => {
        const id = response.getHeader('X-Recording-Id');
        if (!id) return;
        const created = recordingId === null && request.getMethod() === 'POST';
        recordingId = id;
        const location = response.getHeader('Location');
        if (created && location) await hooks.onCreated?.(id, new URL(location, request.getURL()).href);
      },
      onError: (error) => {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        if (response) {
          const status = response.getStatus();
          reject(refusal(`Upload of ${basename(path)} refused`, status, bodyOf(response.getBody() ?? '')));
        } else reject(new CliError(`Upload of ${basename(path)} failed: ${error.message}`));
      },
      onSuccess: () => {
        if (recordingId) resolve(recordingId);
        else reject(new CliError(`Upload of ${basename(path)} finished, but the server named no recording.`));
      },
    });
    hooks.signal?.addEventListener('abort', () => {
      void upload
        .abort()
        .finally(() => reject(new CliError('Stopped: the upload goes on from here next time.')));
    });
    if (hooks.resumeUrl) {
      upload.start();
      return;
    }
    upload
      .findPreviousUploads()
      .then((previous) => {
        // The newest address this file was sent to: the server knows how much of it arrived.
        const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch(reject);
  });
};
