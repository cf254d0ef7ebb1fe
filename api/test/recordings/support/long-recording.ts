import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { joinedWav } from './joined-wav';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const AUDIO = sharedAudio();
const GAP_SECONDS = 1.5;
const BYTES_PER_SECOND = 32_000; // 16 kHz mono 16-bit

/** English clips whose words are known (and that the base model hears well), spread through the long file. */
const KNOWN = [
  {
    path: join(AUDIO, 'librispeech-sherpa/1089-134686-0001.wav'),
    said: 'after early nightfall the yellow lamps would light up here and there',
  },
  { path: join(AUDIO, 'jfk/jfk.wav'), said: 'ask not what your country can do for you' },
  {
    path: join(AUDIO, 'librispeech-sherpa/1221-135766-0002.wav'),
    said: 'yet these thoughts affected hester prynne less with hope than apprehension',
  },
  {
    path: join(AUDIO, 'deepspeech-smoke/new-home-in-the-stars-16k.wav'),
    said: 'we must find a new home in the stars',
  },
] as const;

export interface LongRecording {
  readonly wav: Buffer;
  readonly durationSeconds: number;
  /** Where each known clip lies (seconds of the file) and what is said in it. */
  readonly known: readonly { readonly start: number; readonly end: number; readonly said: string }[];
}

const seconds = (path: string) => Number(execFileSync('soxi', ['-D', path], { encoding: 'utf8' }));

/**
 * About `minutes` of real read speech as one 16 kHz mono WAV: distinct LibriSpeech voices (decoded from FLAC
 * into `dir`), with one of the known clips after every `everySeconds` or so, 1.5 s of silence between clips.
 */
export const longRecording = (dir: string, minutes: number, everySeconds = 50): LongRecording => {
  const voicesDir = join(AUDIO, 'librispeech-voices');
  const voices = readdirSync(voicesDir)
    .filter((name) => name.endsWith('.flac'))
    .sort();
  const paths: string[] = [];
  const known: { start: number; end: number; said: string }[] = [];
  let at = 0;
  let sinceKnown = 0;
  for (let v = 0; at < minutes * 60; v++) {
    let path: string;
    let said: string | null = null;
    if (sinceKnown >= everySeconds) {
      const clip = KNOWN[known.length % KNOWN.length]!;
      ({ path, said } = clip);
      sinceKnown = 0;
    } else {
      path = join(dir, `${v}.wav`);
      execFileSync('sox', [
        join(voicesDir, voices[v % voices.length]!),
        '-b',
        '16',
        '-r',
        '16000',
        '-c',
        '1',
        path,
      ]);
    }
    const length = seconds(path);
    if (said) known.push({ start: at, end: at + length, said });
    paths.push(path);
    at += length + GAP_SECONDS;
    sinceKnown += length + GAP_SECONDS;
  }
  const wav = joinedWav(paths, GAP_SECONDS);
  return { wav, durationSeconds: (wav.length - 44) / BYTES_PER_SECOND, known };
};
