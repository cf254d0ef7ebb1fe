import type { Upload } from 'tus-js-client';
import { errorMessage } from '../../../lib/error-message';
import { refusalFromServer, type Refusal } from './refusals';
import { savedUploads, type SavedUpload } from './saved-uploads';
import { TransferRate } from './transfer-rate';
import { keepUnreadable, tusUpload } from '../api/uploads';

type UploadPhase =
  /** Sending bytes. */
  | 'uploading'
  /** Looking up where a previous attempt stopped. */
  | 'resuming'
  /** The connection dropped: waiting to continue by itself. */
  | 'offline'
  /** All bytes arrived; the recording now lives in the recordings list. */
  | 'done'
  /** Refused by the checks or the server (the message says why). */
  | 'refused'
  /** Stopped by an error that retrying may fix. */
  | 'failed'
  /** Sending a refused file again, to keep it as a file. */
  | 'keeping'
  /** Kept in the recordings as a file that is not audio we can read. */
  | 'kept'
  /** Left over from before a reload, but the browser kept no copy of the file. */
  | 'needs-file';

export interface UploadItem {
  key: string;
  fileName: string;
  size: number;
  title: string;
  bytesSent: number;
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  phase: UploadPhase;
  refusal: Refusal | null;
  recordingId: string | null;
  /** This upload continues one started before a reload. */
  resumed: boolean;
}

export interface UploadOptions {
  title: string;
  /** ISO 639-1 code, or "" to detect. */
  language: string;
  translate: boolean;
  /** The number of people speaking (1-10), or "" to estimate. */
  speakers: string;
  /** This recording's own names and terms, comma-separated, for the engine to listen for. */
  terms: string;
  /** A line about the recording ("Weekly sync of the payments team"). */
  context: string;
  /** The workspace it goes into; absent: the personal space. */
  workspaceId?: string;
}

interface Running {
  upload: Upload;
  rate: TransferRate;
}

const DONE_LINGER_MS = 4000;

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

const titleFrom = (fileName: string) => fileName.replace(/\.[^.]+$/, '').trim() || fileName;

/**
 * The uploads of one signed-in person in this tab. It outlives page changes (uploads keep going while people
 * look at other pages), and on start it picks up uploads a reload interrupted. React reads it through
 * useSyncExternalStore.
 */
export class UploadQueue {
  private items: UploadItem[] = [];
  private readonly running = new Map<string, Running>();
  /** Refused files whose audio could not be read, held so that their owner can still keep them. */
  private readonly unreadable = new Map<string, { file: File; saved: SavedUpload }>();
  private readonly listeners = new Set<() => void>();
  private restored: Promise<void> | null = null;

  constructor(private readonly userId: string) {
    window.addEventListener('online', () => this.resumeAfterOutage());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): readonly UploadItem[] => this.items;

  /** Starts uploads from before a reload (once per tab). */
  restore(): Promise<void> {
    this.restored ??= savedUploads.list(this.userId).then((saved) => {
      for (const entry of saved) {
        if (this.items.some((item) => item.key === entry.key)) continue;
        this.items = [
          ...this.items,
          {
            key: entry.key,
            fileName: entry.fileName,
            size: entry.size,
            title: entry.title,
            bytesSent: 0,
            bytesPerSecond: null,
            secondsLeft: null,
            phase: entry.file ? 'resuming' : 'needs-file',
            refusal: entry.file
              ? null
              : { message: `Choose “${entry.fileName}” again to finish its upload.`, upgrade: false },
            recordingId: entry.recordingId,
            resumed: true,
          },
        ];
        if (entry.file) this.begin(entry.key, entry.file, entry);
      }
      this.emit();
    });
    return this.restored;
  }

  /** Queues a file that passed the checks and starts it at once. */
  add(file: File, options: UploadOptions): void {
    // The same file chosen again after a reload continues where it stopped.
    const waiting = this.items.find(
      (item) => item.phase === 'needs-file' && item.fileName === file.name && item.size === file.size,
    );
    if (waiting) {
      this.patch(waiting.key, { phase: 'resuming', refusal: null });
      void savedUploads.update(waiting.key, { file });
      void savedUploads.list(this.userId).then((saved) => {
        const entry = saved.find((s) => s.key === waiting.key);
        if (entry) this.begin(entry.key, file, entry);
      });
      return;
    }
    const key = newKey();
    const title = options.title.trim() || titleFrom(file.name);
    const saved: SavedUpload = {
      key,
      userId: this.userId,
      fileName: file.name,
      size: file.size,
      lastModified: file.lastModified,
      title,
      language: options.language,
      translate: options.translate,
      speakers: options.speakers,
      terms: options.terms,
      context: options.context,
      ...(options.workspaceId ? { workspaceId: options.workspaceId } : {}),
      recordingId: null,
      file,
    };
    this.items = [...this.items, this.fresh(key, file, title)];
    this.emit();
    void savedUploads.save(saved);
    this.begin(key, file, saved);
  }

  /** Shows a file the checks refused, with the reason. */
  addRefused(file: File, refusal: Refusal): void {
    this.items = [
      ...this.items,
      { ...this.fresh(newKey(), file, titleFrom(file.name)), phase: 'refused', refusal },
    ];
    this.emit();
  }

  /** Stops an upload and tells the server to throw away what it received (and the recording it created). */
  async cancel(key: string): Promise<void> {
    const running = this.running.get(key);
    this.running.delete(key);
    this.remove(key);
    await savedUploads.remove(key);
    if (running) await running.upload.abort(true).catch(() => undefined);
  }

  /** Tries a failed upload again; tus continues from the last byte the server has. */
  retry(key: string): void {
    const running = this.running.get(key);
    if (!running) return;
    running.rate.reset();
    this.patch(key, { phase: 'resuming', refusal: null });
    running.upload.start();
  }

  dismiss(key: string): void {
    if (this.running.has(key)) return;
    this.unreadable.delete(key);
    this.remove(key);
  }

  /** Keeps a file the server could not read as a recording marked unreadable: stored, never transcribed. */
  async keep(key: string): Promise<void> {
    const refused = this.unreadable.get(key);
    if (!refused) return;
    this.unreadable.delete(key);
    const { file, saved } = refused;
    this.patch(key, { phase: 'keeping' });
    try {
      const recording = await keepUnreadable(file, saved);
      this.patch(key, {
        phase: 'kept',
        recordingId: recording.id,
        refusal: null,
      });
      setTimeout(() => this.remove(key), DONE_LINGER_MS);
    } catch (error) {
      this.patch(key, { phase: 'refused', refusal: { message: errorMessage(error), upgrade: false } });
    }
  }

  private fresh(key: string, file: File, title: string): UploadItem {
    return {
      key,
      fileName: file.name,
      size: file.size,
      title,
      bytesSent: 0,
      bytesPerSecond: null,
      secondsLeft: null,
      phase: 'uploading',
      refusal: null,
      recordingId: null,
      resumed: false,
    };
  }

  private begin(key: string, file: File, saved: SavedUpload): void {
    const rate = new TransferRate();
    const upload = tusUpload(file, saved, this.userId, {
      created: (recordingId) => {
        this.patch(key, { recordingId });
        void savedUploads.update(key, { recordingId });
      },
      resumedAt: (offset) => this.patch(key, { bytesSent: offset }),
      progress: (sent, total) => {
        rate.add(sent, performance.now());
        this.patch(key, {
          phase: 'uploading',
          bytesSent: sent,
          bytesPerSecond: rate.bytesPerSecond,
          secondsLeft: rate.secondsLeft(total),
        });
      },
      retrying: () => {
        rate.reset();
        this.patch(key, { phase: 'offline', bytesPerSecond: null, secondsLeft: null });
      },
      done: () => {
        this.running.delete(key);
        this.patch(key, { phase: 'done', bytesSent: file.size, secondsLeft: 0 });
        void savedUploads.remove(key);
        setTimeout(() => this.remove(key), DONE_LINGER_MS);
      },
      stalled: () =>
        // Network trouble that outlasted the retries: keep everything and continue when back online.
        this.patch(key, {
          phase: navigator.onLine ? 'failed' : 'offline',
          refusal: {
            message: navigator.onLine
              ? 'The upload stopped: the server could not be reached. It will continue from where it stopped.'
              : 'You are offline. The upload will continue when the connection is back.',
            upgrade: false,
          },
        }),
      refused: (status, message) => {
        this.running.delete(key);
        void savedUploads.remove(key);
        const refusal = refusalFromServer(status, message, file.name);
        if (refusal.keepable) this.unreadable.set(key, { file, saved });
        this.patch(key, { phase: 'refused', refusal });
      },
    });
    this.running.set(key, { upload, rate });
    void upload.findPreviousUploads().then(
      (previous) => {
        const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (last) {
          this.patch(key, { resumed: true, phase: 'resuming' });
          upload.resumeFromPreviousUpload(last);
        }
        if (this.running.get(key)?.upload === upload) upload.start();
      },
      () => upload.start(),
    );
  }

  private resumeAfterOutage(): void {
    for (const item of this.items) {
      if (item.phase === 'offline' || item.phase === 'failed') this.retry(item.key);
    }
  }

  private patch(key: string, change: Partial<UploadItem>): void {
    let changed = false;
    this.items = this.items.map((item) => {
      if (item.key !== key) return item;
      changed = true;
      return { ...item, ...change };
    });
    if (changed) this.emit();
  }

  private remove(key: string): void {
    const before = this.items.length;
    this.items = this.items.filter((item) => item.key !== key);
    if (this.items.length !== before) this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

const queues = new Map<string, UploadQueue>();

/** The one queue of this person in this tab. */
export const uploadQueueFor = (userId: string): UploadQueue => {
  let queue = queues.get(userId);
  if (!queue) {
    queue = new UploadQueue(userId);
    queues.set(userId, queue);
  }
  return queue;
};
