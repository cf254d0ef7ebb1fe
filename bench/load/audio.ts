// The speech the load sends, made once per run in its temp folder from the shared samples (real voices, so the
// speech worker does real work): short clips of 5, 10, 20 and 30 s, and a long file of the length asked.
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const CLIP_SECONDS = [5, 10, 20, 30] as const;

export interface LoadAudio {
  /** One file per length in CLIP_SECONDS. */
  readonly clips: readonly { readonly seconds: number; readonly path: string }[];
  /** The long file, when one was asked for. */
  readonly long?: { readonly seconds: number; readonly path: string };
  /** All the voices in one 16 kHz mono WAV file: what the live users speak into their microphones. */
  readonly speechWav: string;
}

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args]);

export const makeLoadAudio = (folder: string, longSeconds: number): LoadAudio => {
  const voices = sharedAudio('librispeech-voices');
  const listing = readdirSync(voices)
    .filter((name) => name.endsWith('.flac') || name.endsWith('.wav'))
    .sort()
    // About 40 utterances: several minutes of many speakers, enough for clips and the loop of the long file.
    .slice(0, 40);
  writeFileSync(join(folder, 'voices.txt'), listing.map((name) => `file '${join(voices, name)}'`).join('\n'));
  const set = join(folder, 'voices.wav');
  ffmpeg('-f', 'concat', '-safe', '0', '-i', join(folder, 'voices.txt'), '-ac', '1', '-ar', '16000', set);
  const clips = CLIP_SECONDS.map((seconds, index) => {
    const path = join(folder, `clip-${seconds}s.mp3`);
    ffmpeg(
      '-ss',
      String(index * 7),
      '-t',
      String(seconds),
      '-i',
      set,
      '-c:a',
      'libmp3lame',
      '-b:a',
      '48k',
      path,
    );
    return { seconds, path };
  });
  if (longSeconds <= 0) return { clips, speechWav: set };
  const path = join(folder, `long-${longSeconds}s.mp3`);
  ffmpeg(
    '-stream_loop',
    '-1',
    '-i',
    set,
    '-t',
    String(longSeconds),
    '-c:a',
    'libmp3lame',
    '-b:a',
    '48k',
    path,
  );
  return { clips, long: { seconds: longSeconds, path }, speechWav: set };
};
