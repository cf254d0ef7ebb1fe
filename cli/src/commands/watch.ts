import { mkdir, rename } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { connect, type Session } from '../client';
import { CliError, Refused, refusal } from '../errors';
import { EXPORT_FORMATS, type ExportFormat, isExportFormat, writeExport } from '../exports';
import { uploadFile, type UploadChoices } from '../upload';
import { getRecording } from '../wait';
import { mediaFilesIn, type SeenFile } from '../watch/media-files';
import { loadState, saveState, type WatchState } from '../watch/watch-state';

export interface WatchOptions extends UploadChoices {
  readonly to: string;
  readonly export: string;
  readonly moveDone?: string;
  /** How often the folder is looked at. */
  readonly intervalMs: number;
  /** A file whose size and modification time have not changed for this long is complete. */
  readonly settleMs: number;
}

const log = (message: string) => console.log(`${new Date().toISOString()} ${message}`);
const FINISHED = new Set(['completed', 'failed', 'cancelled', 'unreadable']);

const formatsOf = (list: string): ExportFormat[] => {
  const formats = list
    .split(',')
    .map((f) => f.trim().toLowerCase())
    .filter(Boolean);
  const wrong = formats.find((f) => !isExportFormat(f));
  if (wrong !== undefined || formats.length === 0)
    throw new CliError(`--export takes a list of ${EXPORT_FORMATS.join(', ')} (e.g. srt,txt).`, 2);
  return formats.filter(isExportFormat);
};

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Watches a folder: every audio or video file that appears there and has stopped growing is uploaded once, and its
 * exports are written to `--to` when its transcript is done. What each file went through is kept in a state file
 * in `--to`, written before each step, so a watcher stopped or killed at any point goes on without uploading
 * anything twice. Ctrl+C stops it cleanly (an upload under way resumes next time).
 */
export const watch = async (dir: string, options: WatchOptions): Promise<void> => {
  const formats = formatsOf(options.export);
  await mkdir(options.to, { recursive: true });
  if (options.moveDone) await mkdir(options.moveDone, { recursive: true });
  const session = await connect();
  const state = await loadState(options.to);
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      log('stopping');
      stop.abort();
    });
  const watcher = new FolderWatcher(dir, options, formats, session, state, stop.signal);
  log(`watching ${dir}; exports (${formats.join(', ')}) go to ${options.to}`);
  while (!stop.signal.aborted) {
    await watcher.tick().catch((error: unknown) => {
      if (!stop.signal.aborted)
        log(`will try again: ${error instanceof Error ? error.message : String(error)}`);
    });
    await pause(options.intervalMs, stop.signal);
  }
  await saveState(options.to, state);
  log('stopped');
};

class FolderWatcher {
  /** Each new or changed file's size and time as last seen, and since when: it is complete once they hold. */
  private readonly seen = new Map<string, { size: number; mtimeMs: number; since: number }>();

  constructor(
    private readonly dir: string,
    private readonly options: WatchOptions,
    private readonly formats: readonly ExportFormat[],
    private readonly session: Session,
    private readonly state: WatchState,
    private readonly signal: AbortSignal,
  ) {}

  async tick(): Promise<void> {
    for (const file of await mediaFilesIn(this.dir)) {
      if (this.signal.aborted) return;
      const known = this.state[file.name];
      const sameVersion = known && known.size === file.size && known.mtimeMs === file.mtimeMs;
      if (sameVersion && known.stage !== 'uploading') continue;
      if (!sameVersion && !this.settled(file)) continue;
      await this.upload(file, sameVersion ? known : null);
    }
    for (const [name, entry] of Object.entries(this.state)) {
      if (this.signal.aborted) return;
      if (entry.stage === 'transcribing' && entry.recordingId) await this.collect(name, entry.recordingId);
    }
  }

  private settled(file: SeenFile): boolean {
    const now = Date.now();
    const last = this.seen.get(file.name);
    if (!last || last.size !== file.size || last.mtimeMs !== file.mtimeMs) {
      this.seen.set(file.name, { size: file.size, mtimeMs: file.mtimeMs, since: now });
      return false;
    }
    return now - last.since >= this.options.settleMs;
  }

  private async save(name: string, entry: WatchState[string]): Promise<void> {
    this.state[name] = entry;
    await saveState(this.options.to, this.state);
  }

  private async upload(file: SeenFile, earlier: WatchState[string] | null): Promise<void> {
    const version = { size: file.size, mtimeMs: file.mtimeMs };
    let recordingId = earlier?.recordingId ?? null;
    let resumeUrl = earlier?.uploadUrl;
    // Killed after the last byte went in but before that was written down: the server already has it all.
    if (recordingId) {
      const recording = await getRecording(this.session, recordingId).catch((e: unknown) => {
        if (e instanceof Refused && e.status === 404) return null;
        throw e;
      });
      if (recording && recording.status !== 'uploading') {
        await this.save(file.name, { ...version, recordingId, stage: 'transcribing' });
        return;
      }
      if (!recording) {
        recordingId = null;
        resumeUrl = undefined;
      }
    }
    // Killed after the server made the recording but before its id was written down: that upload cannot be found
    // again, so its recording is removed rather than left half-uploaded beside the new one.
    if (earlier?.stage === 'uploading' && !recordingId) await this.removeOrphans(file);
    await this.save(file.name, { ...version, recordingId, uploadUrl: resumeUrl, stage: 'uploading' });
    log(`${file.name}: uploading`);
    try {
      const id = await uploadFile(this.session.login, file.path, this.options, {
        signal: this.signal,
        onCreated: (created) =>
          this.save(file.name, { ...version, recordingId: created, stage: 'uploading' }),
      });
      await this.save(file.name, { ...version, recordingId: id, stage: 'transcribing' });
      log(`${file.name}: uploaded as ${id}`);
    } catch (error) {
      if (this.signal.aborted) return;
      if (!(error instanceof Refused) || !error.permanent) throw error;
      await this.save(file.name, { ...version, recordingId: null, stage: 'failed', message: error.message });
      log(`${file.name}: refused: ${error.message}`);
    }
  }

  /** This file's recordings still waiting for their bytes (same name and size): an upload this watcher began. */
  private async removeOrphans(file: SeenFile): Promise<void> {
    const listed = await this.session.api.recordings.list({ query: { pageSize: 100, q: undefined } });
    if (listed.status !== 200) throw refusal('List', listed.status, listed.body);
    for (const orphan of listed.body.items.filter(
      (r) => r.status === 'uploading' && r.originalFilename === file.name && r.sizeBytes === file.size,
    )) {
      const removed = await this.session.api.recordings.remove({ params: { id: orphan.id } });
      if (removed.status !== 200 && removed.status !== 404)
        throw refusal('Removing', removed.status, removed.body);
      log(`${file.name}: removed ${orphan.id}, an upload of it cut off before it was noted down`);
    }
  }

  private async collect(name: string, recordingId: string): Promise<void> {
    const entry = this.state[name]!;
    const recording = await getRecording(this.session, recordingId);
    if (!FINISHED.has(recording.status)) return;
    if (recording.status !== 'completed') {
      await this.save(name, {
        ...entry,
        stage: 'failed',
        message: recording.error?.message ?? recording.status,
      });
      log(`${name}: ${recording.status}${recording.error ? `: ${recording.error.message}` : ''}`);
      return;
    }
    const stem = basename(name, extname(name));
    for (const format of this.formats)
      await writeExport(this.session, recordingId, format, join(this.options.to, `${stem}.${format}`));
    if (this.options.moveDone)
      await rename(join(this.dir, name), join(this.options.moveDone, name)).catch(() => undefined);
    await this.save(name, { ...entry, stage: 'done' });
    log(`${name}: done (${this.formats.map((f) => `${stem}.${f}`).join(', ')})`);
  }
}
