import type { Transcript } from '@scrivo/contracts/recordings/recordings.contract';
import { HttpError } from '../../../lib/http';
import {
  type Draft,
  type DraftStorage,
  emptyDraft,
  isEmpty,
  loadDraft,
  mergeDrafts,
  rebaseSpeakers,
  storeDraft,
  toEditBody,
} from './draft';

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  /** The server could not be reached (or failed): the draft is kept and saving is retried. */
  | { kind: 'offline' }
  /** Someone saved a newer version elsewhere: the user chooses to reload it or to save theirs on top. */
  | { kind: 'conflict'; currentVersion: number | null }
  /** The server refused the edit (bad text, plan): it says why. */
  | { kind: 'error'; message: string };

export interface AutosaveOptions {
  readonly recordingId: string;
  /** The version of the transcript on screen. */
  readonly version: number;
  readonly save: (body: ReturnType<typeof toEditBody>) => Promise<Transcript>;
  readonly storage: DraftStorage | null;
  /** Called after each successful save with the server's transcript. */
  readonly onSaved: (transcript: Transcript) => void;
  readonly onChange: () => void;
  /** How long typing must pause before a save. */
  readonly delayMs?: number;
  /** First retry delay after a failed save; doubles up to maxRetryMs. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
}

const conflictVersion = (error: HttpError): number | null => {
  try {
    const parsed = JSON.parse(error.body) as { details?: { currentVersion?: unknown } };
    const v = parsed.details?.currentVersion;
    return typeof v === 'number' ? v : null;
  } catch {
    return null;
  }
};

/** Network failures, server errors and rate limits are worth retrying; other refusals are not. */
const retryable = (error: unknown): boolean =>
  !(error instanceof HttpError) || error.status >= 500 || error.status === 429 || error.status === 408;

/**
 * The editor's save loop, free of React so it can be specified on its own. Edits collect in a draft (stored at
 * once), are sent about a second after typing pauses (or at once on blur), one request at a time; edits made
 * during a save wait for the next one.
 */
export class TranscriptAutosave {
  private pending: Draft;
  private inFlight: Draft | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay: number;
  private stopped = false;
  status: SaveStatus = { kind: 'saved' };

  constructor(private readonly options: AutosaveOptions) {
    this.retryDelay = options.retryMs ?? 2000;
    const stored = loadDraft(options.storage, options.recordingId);
    this.pending = stored ?? emptyDraft(options.version);
    if (stored && !isEmpty(stored)) {
      if (stored.baseVersion === options.version) {
        // Edits left from a reload or a lost connection: send them now.
        this.status = { kind: 'pending' };
        this.schedule(0);
      } else {
        this.status = { kind: 'conflict', currentVersion: options.version };
      }
    }
  }

  /** What the editor shows: saved text, overlaid by what is being saved and what still waits. */
  get draft(): Draft {
    return this.inFlight ? mergeDrafts(this.inFlight, this.pending) : this.pending;
  }

  editSegment(index: number, text: string): void {
    this.change({ ...this.pending, segments: { ...this.pending.segments, [index]: text } });
  }

  renameSpeaker(label: string, name: string): void {
    this.change({ ...this.pending, speakers: { ...this.pending.speakers, [label]: name } });
  }

  /** Save now (the field lost focus, the page is being hidden, the browser is back online). */
  flush(): void {
    if (this.status.kind === 'conflict' || this.stopped) return;
    if (!isEmpty(this.pending)) this.schedule(0);
  }

  /** After a conflict: save these edits on top of the newer version anyway. */
  keepMine(currentVersion: number): void {
    this.pending = { ...this.pending, baseVersion: currentVersion };
    this.persist();
    this.setStatus({ kind: 'pending' });
    this.schedule(0);
  }

  /** After a conflict: drop the local edits (the caller reloads the latest transcript). */
  discard(version: number): void {
    this.clearTimer();
    this.pending = emptyDraft(version);
    this.persist();
    this.setStatus({ kind: 'saved' });
  }

  /** The transcript version the next save starts from. */
  get version(): number {
    return this.pending.baseVersion;
  }

  /**
   * Saves what waits and resolves once nothing is unsaved or saving cannot go on by itself (conflict, refusal):
   * a change of lines renumbers them, so text edits by line number must reach the server first.
   */
  async settle(): Promise<void> {
    this.flush();
    const stuck = () => ['conflict', 'error', 'offline'].includes(this.status.kind);
    while (this.hasUnsaved && !this.stopped && !stuck())
      await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** A change of lines was saved outside the draft (it is a version of its own): carry on from it. */
  restructured(version: number): void {
    this.pending = { ...this.pending, baseVersion: version };
    this.persist();
  }

  /** A change of lines failed: show it as a save failure would be shown. */
  failed(error: unknown): void {
    if (error instanceof HttpError && error.code === 'TRANSCRIPT_VERSION_CONFLICT')
      this.setStatus({ kind: 'conflict', currentVersion: conflictVersion(error) });
    else
      this.setStatus({
        kind: 'error',
        message: error instanceof HttpError ? error.serverMessage : 'The change could not be saved.',
      });
  }

  get hasUnsaved(): boolean {
    return !isEmpty(this.pending) || this.inFlight !== null;
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private change(next: Draft): void {
    this.pending = next;
    this.persist();
    if (this.status.kind === 'conflict') {
      this.options.onChange();
      return;
    }
    this.retryDelay = this.options.retryMs ?? 2000;
    if (this.status.kind !== 'offline') this.setStatus({ kind: 'pending' });
    else this.options.onChange();
    this.schedule(this.options.delayMs ?? 1000);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.send();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private persist(): void {
    storeDraft(this.options.storage, this.options.recordingId, this.draft);
  }

  private setStatus(status: SaveStatus): void {
    this.status = status;
    this.options.onChange();
  }

  private async send(): Promise<void> {
    // One request at a time; the one running picks up what arrived meanwhile when it ends.
    if (this.inFlight || isEmpty(this.pending) || this.stopped) return;
    // A segment emptied while retyping it is not an edit yet (the server refuses empty segments): hold it back.
    const held = Object.fromEntries(Object.entries(this.pending.segments).filter(([, t]) => !t.trim()));
    const sending: Draft = {
      ...this.pending,
      segments: Object.fromEntries(Object.entries(this.pending.segments).filter(([, t]) => t.trim())),
    };
    if (isEmpty(sending)) {
      this.setStatus({ kind: 'error', message: 'A segment cannot be empty. Type its text to save.' });
      return;
    }
    this.inFlight = sending;
    this.pending = { ...emptyDraft(sending.baseVersion), segments: held };
    this.setStatus({ kind: 'saving' });
    try {
      const saved = await this.options.save(toEditBody(sending));
      this.inFlight = null;
      this.pending = rebaseSpeakers(this.pending, sending, saved.version);
      this.retryDelay = this.options.retryMs ?? 2000;
      this.persist();
      this.options.onSaved(saved);
      if (isEmpty(this.pending)) this.setStatus({ kind: 'saved' });
      else {
        this.setStatus({ kind: 'pending' });
        this.schedule(this.options.delayMs ?? 1000);
      }
    } catch (error) {
      // Nothing was saved: put the edits back under anything typed since (the newer text wins).
      this.inFlight = null;
      this.pending = mergeDrafts(sending, this.pending);
      this.persist();
      if (error instanceof HttpError && error.code === 'TRANSCRIPT_VERSION_CONFLICT') {
        this.setStatus({ kind: 'conflict', currentVersion: conflictVersion(error) });
      } else if (retryable(error)) {
        this.setStatus({ kind: 'offline' });
        this.schedule(this.retryDelay);
        this.retryDelay = Math.min(this.retryDelay * 2, this.options.maxRetryMs ?? 30_000);
      } else {
        this.setStatus({
          kind: 'error',
          message: error instanceof HttpError ? error.serverMessage : 'The changes could not be saved.',
        });
      }
    }
  }
}
