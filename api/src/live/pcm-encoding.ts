import { spawn } from 'node:child_process';

/** What a live session's raw 16 kHz mono s16le PCM becomes. */
const CODECS = {
  // The media people play: Ogg Opus at 32 kbit/s, speech at about 14 MB an hour.
  opus: ['-c:a', 'libopus', '-b:a', '32k', '-application', 'voip'],
  // The audio the transcript is made from: lossless, since Opus at 32, 48 and 64 kbit/s each turned words of the
  // same French clip that the upload of the original got right ("conseiller général") wrong. About 1 MB a minute.
  flac: ['-c:a', 'flac', '-compression_level', '5'],
} as const;

/** Encodes the live session's joined frames with the system ffmpeg. */
export const encodePcm = (input: string, output: string, codec: keyof typeof CODECS): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.env.FFMPEG_PATH ?? 'ffmpeg',
      [
        '-v',
        'error',
        '-nostdin',
        '-y',
        '-f',
        's16le',
        '-ar',
        '16000',
        '-ac',
        '1',
        '-i',
        input,
        ...CODECS[codec],
        output,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`ffmpeg could not encode the live audio to ${codec} (exit ${code}): ${stderr}`)),
    );
  });
