import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { joinedWav } from '../recordings/support/joined-wav';

/** A stretch of one LibriSpeech reader's utterance (../shared/audio/librispeech-voices), seconds `from`-`to`. */
export interface Turn {
  readonly reader: string;
  readonly from: number;
  readonly to?: number;
}

/** The turns one after another (1.5 s of silence between), as one 16 kHz mono WAV. */
export const conversation = (turns: readonly Turn[]): Buffer => {
  const dir = mkdtempSync(join(tmpdir(), 'scrivo-voices-'));
  const paths = turns.map(({ reader, from, to }, i) => {
    const path = join(dir, `${i}.wav`);
    const trim = to === undefined ? [String(from)] : [String(from), `=${to}`];
    execFileSync('sox', [
      sharedAudio(`librispeech-voices/${reader}.flac`),
      '-b',
      '16',
      path,
      'trim',
      ...trim,
    ]);
    return path;
  });
  return joinedWav(paths);
};
