import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where one watched file stands. `size` and `mtimeMs` say which version of the file this is: a file changed later
 * is a new one. `recordingId` is kept the moment the server made the recording (before any byte is sent), so a
 * watcher killed mid-upload resumes that upload instead of sending the file again.
 */
interface WatchedFile {
  readonly size: number;
  readonly mtimeMs: number;
  readonly recordingId: string | null;
  /** Where the upload's bytes go (tus), kept with the recording's id. */
  readonly uploadUrl?: string;
  readonly stage: 'uploading' | 'transcribing' | 'done' | 'failed';
  readonly message?: string;
}

export type WatchState = Record<string, WatchedFile>;

/** The state file lives in the output folder: the watched folder may be read-only (a network share). */
const stateFile = (outDir: string) => join(outDir, '.scrivo-watch.json');

export const loadState = async (outDir: string): Promise<WatchState> => {
  try {
    return JSON.parse(await readFile(stateFile(outDir), 'utf8')) as WatchState;
  } catch {
    return {};
  }
};

/** Written to a temp file and renamed over the old one: a kill mid-write never leaves half a state file. */
export const saveState = async (outDir: string, state: WatchState): Promise<void> => {
  const file = stateFile(outDir);
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(state, null, 2)}\n`);
  await rename(temp, file);
};
