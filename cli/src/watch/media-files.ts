import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';

/** What the API takes (README): audio and video by extension; anything else in the folder is left alone. */
const MEDIA = new Set([
  '.mp3',
  '.wav',
  '.m4a',
  '.webm',
  '.mp4',
  '.ogg',
  '.oga',
  '.opus',
  '.flac',
  '.mov',
  '.aac',
  '.mkv',
]);

export interface SeenFile {
  readonly name: string;
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
}

/** The media files directly in `dir` (not hidden ones, not in subfolders), as they are now. */
export const mediaFilesIn = async (dir: string): Promise<SeenFile[]> => {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isFile() && !e.name.startsWith('.') && MEDIA.has(extname(e.name).toLowerCase()))
    .map((e) => e.name)
    .sort();
  const files: SeenFile[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info) files.push({ name, path, size: info.size, mtimeMs: info.mtimeMs });
  }
  return files;
};
