import { spawn } from 'node:child_process';

/**
 * Encodes raw 16 kHz mono s16le PCM (the live session's frames) to Ogg Opus with the system ffmpeg, the format a
 * browser plays and the speech worker decodes like any upload. 32 kbit/s: speech at about 14 MB an hour.
 */
export const encodePcmToOpus = (input: string, output: string): Promise<void> =>
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
        '-c:a',
        'libopus',
        '-b:a',
        '32k',
        '-application',
        'voip',
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
        : reject(new Error(`ffmpeg could not encode the live audio (exit ${code}): ${stderr}`)),
    );
  });
