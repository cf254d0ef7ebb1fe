import { spawn } from 'node:child_process';
import { copyFile, open, stat } from 'node:fs/promises';
import { getPriority } from 'node:os';
import {
  type CancelSignal,
  MediaRejectedError,
  type MediaToolkit,
  type NormalisedAudio,
  type NormaliseOptions,
  type ProbedMedia,
} from '@scrivo/domain/recordings';
import { DEFAULT_BACKGROUND_NICE } from '../system/lower-priority';

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  bit_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
}
interface FfprobeOutput {
  format?: { format_name?: string; duration?: string; tags?: { major_brand?: string } };
  streams?: FfprobeStream[];
}

export interface FfmpegMediaToolkitOptions {
  readonly ffprobePath?: string;
  readonly ffmpegPath?: string;
  /** Seconds of audio decoded while probing to catch files whose header is fine but whose data is not. */
  readonly decodeCheckSeconds?: number;
  /**
   * The niceness ffmpeg and ffprobe run at (SCRIVO_BACKGROUND_NICE, 10 by default): decoding an upload holds every
   * core it gets, and the API beside it must keep answering the people reading their transcripts.
   */
  readonly niceness?: number;
}

const run = (command: string, args: string[], niceness: number, signal?: CancelSignal) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    if (signal?.aborted) return reject(new Error(`${command} was cancelled before it started`));
    // Started through `nice`, so it runs at the level from its first instruction (set after the start, threads it
    // had already started would keep the higher priority). `nice -n` adds to this process's own level.
    const increment = process.platform === 'win32' ? 0 : niceness - getPriority(process.pid);
    const child =
      increment > 0
        ? spawn('nice', ['-n', String(increment), command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
        : spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    signal?.addEventListener('abort', () => child.kill('SIGKILL'));
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    // Keep only the tail: a corrupt file can make ffmpeg write megabytes of warnings.
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-8000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (signal?.aborted) return reject(new Error(`${command} was cancelled`));
      // What spawn says as ENOENT without `nice`: the tool is not installed, which is no verdict on the file.
      if (increment > 0 && code === 127 && /^nice: /m.test(stderr))
        return reject(new Error(`${command} could not be started: ${stderr.trim()}`));
      resolve({ code, stdout, stderr });
    });
  });

const zeroLength = () =>
  new MediaRejectedError('ZERO_LENGTH', 'This recording is 0 seconds long: it holds no sound to transcribe.');

const CONTAINERS: { match: RegExp; audio: string; video: string }[] = [
  { match: /^mp3$/, audio: 'audio/mpeg', video: 'audio/mpeg' },
  { match: /^wav$/, audio: 'audio/wav', video: 'audio/wav' },
  { match: /^flac$/, audio: 'audio/flac', video: 'audio/flac' },
  { match: /^aac$/, audio: 'audio/aac', video: 'audio/aac' },
  { match: /^ogg$/, audio: 'audio/ogg', video: 'video/ogg' },
  { match: /^matroska,webm$/, audio: 'audio/webm', video: 'video/webm' },
  { match: /^mov,mp4,m4a/, audio: 'audio/mp4', video: 'video/mp4' },
];

const MB = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * Reads what a file really is with ffprobe (never trusting its name) and converts it with ffmpeg. Accepts MP3,
 * WAV, FLAC, AAC, OGG, WebM/Matroska and MP4/M4A/MOV; everything else is refused with a reason.
 */
export class FfmpegMediaToolkit implements MediaToolkit {
  private readonly ffprobe: string;
  private readonly ffmpeg: string;
  private readonly decodeCheckSeconds: number;
  private readonly niceness: number;

  constructor(options: FfmpegMediaToolkitOptions = {}) {
    this.ffprobe = options.ffprobePath ?? 'ffprobe';
    this.ffmpeg = options.ffmpegPath ?? 'ffmpeg';
    this.decodeCheckSeconds = options.decodeCheckSeconds ?? 30;
    this.niceness = options.niceness ?? DEFAULT_BACKGROUND_NICE;
  }

  async probe(path: string): Promise<ProbedMedia> {
    const size = (await stat(path)).size;
    if (size === 0) throw new MediaRejectedError('EMPTY_FILE', 'The file is empty (0 bytes).');
    // A plain 16 kHz mono 16-bit WAV is read from its header: every byte of its data is a valid sample, so there
    // is nothing for ffprobe or a decode check to find (they cost a quarter of a second on a short clip).
    const ready = await readyPcmSamples(path);
    if (ready === 0) throw zeroLength();
    if (ready)
      return {
        durationSeconds: Math.round((ready / SAMPLE_RATE) * 1000) / 1000,
        mimeType: 'audio/wav',
        mediaKind: 'audio',
        formatName: 'wav',
        audioCodec: 'pcm_s16le',
      };
    const probed = await run(
      this.ffprobe,
      ['-v', 'warning', '-print_format', 'json', '-show_format', '-show_streams', path],
      this.niceness,
    );
    if (probed.code !== 0) {
      // A known container that breaks off is damaged; anything ffprobe can only guess at is not media at all.
      const damaged =
        !/misdetection possible/i.test(probed.stderr) &&
        /moov atom not found|Failed to read|Invalid argument|End of file|truncat/i.test(probed.stderr);
      throw damaged
        ? new MediaRejectedError('CORRUPT_MEDIA', 'This file looks damaged or incomplete and cannot be read.')
        : new MediaRejectedError(
            'UNSUPPORTED_MEDIA',
            'This file has no audio we can read: it is not an audio or video format, whatever its name says.',
          );
    }
    const info = JSON.parse(probed.stdout) as FfprobeOutput;
    const formatName = info.format?.format_name ?? '';
    const container = CONTAINERS.find((c) => c.match.test(formatName));
    if (!container)
      throw new MediaRejectedError(
        'UNSUPPORTED_MEDIA',
        'This file is not a supported audio or video format. Use MP3, WAV, M4A, FLAC, OGG, WEBM, MP4 or MOV.',
      );
    const streams = info.streams ?? [];
    const audio = streams.find((s) => s.codec_type === 'audio');
    if (!audio)
      throw new MediaRejectedError(
        'NO_AUDIO_STREAM',
        'This file has no audio track, so there is nothing to transcribe.',
      );
    const hasVideo = streams.some((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
    const durationSeconds = Number(info.format?.duration ?? audio.duration);
    if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
      // A header with no samples after it (a recorder stopped at once) is a 0 s recording, not a damaged one.
      if (!(await this.decodesAnything(path))) throw zeroLength();
      throw new MediaRejectedError(
        'CORRUPT_MEDIA',
        'The length of this recording cannot be read; the file may be damaged.',
      );
    }

    await this.checkComplete(path, size, durationSeconds, streams, formatName);
    await this.checkDecodes(path);

    const mimeType =
      container.audio === 'audio/mp4' && info.format?.tags?.major_brand?.trim() === 'qt'
        ? hasVideo
          ? 'video/quicktime'
          : 'audio/mp4'
        : hasVideo
          ? container.video
          : container.audio;
    return {
      durationSeconds: Math.round(durationSeconds * 1000) / 1000,
      mimeType,
      mediaKind: hasVideo ? 'video' : 'audio',
      formatName,
      audioCodec: audio.codec_name ?? 'unknown',
    };
  }

  /** A cut-off upload: fewer bytes than the header's duration and bit rates (or the RIFF size) promise. */
  private async checkComplete(
    path: string,
    size: number,
    durationSeconds: number,
    streams: FfprobeStream[],
    formatName: string,
  ): Promise<void> {
    let expected = 0;
    if (formatName === 'wav') {
      const handle = await open(path, 'r');
      try {
        const header = Buffer.alloc(12);
        await handle.read(header, 0, 12, 0);
        if (header.toString('latin1', 0, 4) === 'RIFF') expected = header.readUInt32LE(4) + 8;
      } finally {
        await handle.close();
      }
    } else if (/^(mp3|mov,mp4)/.test(formatName)) {
      // Only where the header's bit rates describe the data exactly (MP4 sample tables, MP3 frames); Vorbis,
      // Opus and FLAC declare nominal rates that real speech undercuts.
      const bitsPerSecond = streams.reduce((sum, s) => sum + (Number(s.bit_rate) || 0), 0);
      expected = (durationSeconds * bitsPerSecond) / 8;
    }
    // Streamed WAV headers carry 0 or 0xFFFFFFFF as "unknown"; only a plausible size is a promise.
    if (expected > 1024 && expected < 2 ** 32 && size < expected * 0.85)
      throw new MediaRejectedError(
        'CORRUPT_MEDIA',
        `This file seems to be cut off: it has ${MB(size)} MB but its header describes about ${MB(expected)} MB. Please upload the complete file.`,
      );
  }

  /** Whether the first second of the audio decodes to any samples at all. */
  private async decodesAnything(path: string): Promise<boolean> {
    const result = await run(
      this.ffmpeg,
      [
        '-v',
        'error',
        '-nostdin',
        '-t',
        '1',
        '-i',
        path,
        '-map',
        '0:a:0',
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
        '-f',
        's16le',
        '-',
      ],
      this.niceness,
    );
    return result.code === 0 && result.stdout.length > 0;
  }

  private async checkDecodes(path: string): Promise<void> {
    const result = await run(
      this.ffmpeg,
      [
        '-v',
        'error',
        '-xerror',
        '-nostdin',
        '-t',
        String(this.decodeCheckSeconds),
        '-i',
        path,
        '-map',
        '0:a:0',
        '-f',
        'null',
        '-',
      ],
      this.niceness,
    );
    if (result.code !== 0)
      throw new MediaRejectedError(
        'CORRUPT_MEDIA',
        'The audio in this file is damaged and cannot be decoded.',
      );
  }

  async normalise(
    inputPath: string,
    outputPath: string,
    options: NormaliseOptions = {},
  ): Promise<NormalisedAudio> {
    // Already what the speech worker takes (a 16 kHz mono 16-bit WAV, as recorders and our own live
    // recordings write): a copy, not an ffmpeg run, unless it must be cut to the minutes left.
    const ready = await readyPcmSamples(inputPath);
    if (ready !== null && (options.maxSeconds === undefined || ready / SAMPLE_RATE <= options.maxSeconds)) {
      if (options.signal?.aborted) throw new Error('the conversion was cancelled before it started');
      await copyFile(inputPath, outputPath);
      return { durationSeconds: Math.round((ready / SAMPLE_RATE) * 1000) / 1000, truncated: false };
    }
    const limit =
      options.maxSeconds === undefined ? [] : ['-t', String(Math.max(1, Math.ceil(options.maxSeconds)))];
    const result = await run(
      this.ffmpeg,
      [
        '-v',
        'error',
        '-nostdin',
        '-y',
        '-i',
        inputPath,
        '-map',
        '0:a:0',
        '-vn',
        ...limit,
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
        '-c:a',
        'pcm_s16le',
        '-f',
        'wav',
        outputPath,
      ],
      this.niceness,
      options.signal,
    );
    if (result.code !== 0)
      throw new MediaRejectedError(
        'CORRUPT_MEDIA',
        `The audio could not be converted: ${result.stderr.trim().split('\n').at(-1) ?? 'ffmpeg failed'}`,
      );
    const durationSeconds = (await pcmSamples(outputPath)) / SAMPLE_RATE;
    return {
      durationSeconds: Math.round(durationSeconds * 1000) / 1000,
      truncated: options.maxSeconds !== undefined && durationSeconds >= Math.ceil(options.maxSeconds) - 0.1,
    };
  }
}

const SAMPLE_RATE = 16_000;

/**
 * The samples of a WAV that is already plain 16 kHz mono 16-bit PCM with its `data` chunk last and complete
 * (so the file is exactly header + samples), or null for anything else (which ffmpeg converts).
 */
const readyPcmSamples = async (path: string): Promise<number | null> => {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 4096));
    await handle.read(head, 0, head.length, 0);
    if (
      head.length < 12 ||
      head.toString('latin1', 0, 4) !== 'RIFF' ||
      head.toString('latin1', 8, 12) !== 'WAVE'
    )
      return null;
    let pcm = false;
    for (let at = 12; at + 8 <= head.length;) {
      const id = head.toString('latin1', at, at + 4);
      const length = head.readUInt32LE(at + 4);
      if (id === 'fmt ') {
        if (at + 24 > head.length) return null;
        pcm =
          head.readUInt16LE(at + 8) === 1 && // PCM
          head.readUInt16LE(at + 10) === 1 && // mono
          head.readUInt32LE(at + 12) === SAMPLE_RATE &&
          head.readUInt16LE(at + 22) === 16;
      } else if (id === 'data') {
        return pcm && at + 8 + length === size && length % 2 === 0 ? length / 2 : null;
      }
      at += 8 + length + (length % 2);
    }
    return null;
  } finally {
    await handle.close();
  }
};

/**
 * Samples in a 16-bit mono WAV we wrote, counted from the bytes after the `data` chunk header: the audio that is
 * really there, whatever any header says.
 */
const pcmSamples = async (wavPath: string): Promise<number> => {
  const handle = await open(wavPath, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(8);
    let offset = 12; // "RIFF" <size> "WAVE"
    while (offset + 8 <= size) {
      await handle.read(header, 0, 8, offset);
      if (header.toString('latin1', 0, 4) === 'data') return Math.floor((size - offset - 8) / 2);
      offset += 8 + header.readUInt32LE(4) + (header.readUInt32LE(4) % 2);
    }
    throw new MediaRejectedError(
      'CORRUPT_MEDIA',
      'The audio could not be converted: no PCM data was written.',
    );
  } finally {
    await handle.close();
  }
};
