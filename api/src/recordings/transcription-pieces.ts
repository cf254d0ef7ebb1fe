import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Actor, BlobStore } from '@scrivo/domain';
import {
  cutAtPauses,
  offsetPiece,
  type PieceSpan,
  SpeechInputError,
  type SpeechRecognizer,
} from '@scrivo/domain/recordings';
import type { ClaimedJob } from '@scrivo/domain/jobs';
import type { JobHandler } from '../jobs/job-handler';
import type { WorkerLogger } from '../jobs/worker-logger';
import type { RecordingCommands } from './recording-commands';
import { transcribeWhenAvailable } from './speech-availability';

export const TRANSCRIPTION_PIECE_JOB = 'transcription-piece';

/** Deterministic, so a redo of the file job (or a replay of the reactor) enqueues no piece twice. */
export const pieceJobId = (fileJobId: string, index: number) => `${fileJobId}-p${index}`;

/** A piece's audio, beside its recording; deleted when the transcription ends, is cancelled or deleted. */
export const pieceKey = (recordingId: string, fileJobId: string, index: number) =>
  `recordings/${recordingId}/pieces/${fileJobId}/${index}.wav`;

export interface PieceSettings {
  /** Files longer than this are cut; shorter ones stay one unit, as fast as before. */
  readonly thresholdSeconds: number;
  readonly pieceSeconds: number;
  readonly windowSeconds: number;
}

const QUIET_SECONDS = 0.3;

export const pieceSettings = (config: {
  readonly SCRIVO_PIECE_THRESHOLD_SECONDS: number;
  readonly SCRIVO_PIECE_SECONDS: number;
  readonly SCRIVO_PIECE_WINDOW_SECONDS: number;
}): PieceSettings => ({
  thresholdSeconds: config.SCRIVO_PIECE_THRESHOLD_SECONDS,
  pieceSeconds: config.SCRIVO_PIECE_SECONDS,
  windowSeconds: config.SCRIVO_PIECE_WINDOW_SECONDS,
});

/** The PCM of a 16-bit mono WAV: its format and `data` chunk, found by walking the RIFF chunks. */
const pcmOf = (wav: Buffer): { sampleRate: number; data: Buffer } => {
  let sampleRate: number | null = null;
  for (let at = 12; at + 8 <= wav.length;) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(at + 12);
    // ffmpeg writing to a pipe leaves the size unset (0xffffffff): the data then runs to the end.
    if (id === 'data' && sampleRate !== null)
      return { sampleRate, data: wav.subarray(at + 8, Math.min(wav.length, at + 8 + size)) };
    at += 8 + size + (size % 2);
  }
  throw new Error('The decoded audio is not a WAV file with a fmt and a data chunk.');
};

const wavHeader = (sampleRate: number, dataBytes: number): Buffer => {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
};

/**
 * Cuts the decoded 16 kHz mono WAV at pauses and stores each piece as its own WAV in the blob store. Returns
 * the pieces, or null when the recording is short enough to stay one unit.
 */
export const storePieces = async (
  deps: { readonly blobs: BlobStore },
  wavPath: string,
  target: { readonly recordingId: string; readonly fileJobId: string },
  settings: PieceSettings,
): Promise<PieceSpan[] | null> => {
  const { sampleRate, data } = pcmOf(await readFile(wavPath));
  if (data.length / 2 / sampleRate <= settings.thresholdSeconds) return null;
  const samples = new Int16Array(data.buffer, data.byteOffset, Math.floor(data.length / 2));
  const pieces = cutAtPauses(samples, {
    sampleRate,
    pieceSeconds: settings.pieceSeconds,
    windowSeconds: settings.windowSeconds,
    quietSeconds: QUIET_SECONDS,
  });
  if (pieces.length < 2) return null;
  for (const piece of pieces) {
    const from = Math.round(piece.start * sampleRate) * 2;
    const to = Math.min(data.length, Math.round(piece.end * sampleRate) * 2);
    const pcm = data.subarray(from, to);
    const body = Buffer.concat([wavHeader(sampleRate, pcm.length), pcm]);
    await deps.blobs.put(pieceKey(target.recordingId, target.fileJobId, piece.index), body, {
      contentType: 'audio/wav',
      size: body.length,
    });
  }
  return pieces;
};

export interface PieceJobDeps {
  readonly workerId: string;
  readonly commands: RecordingCommands;
  readonly blobs: BlobStore;
  readonly speech: SpeechRecognizer;
  readonly logger: WorkerLogger;
  readonly speechOutageMaxMs?: number;
}

interface PiecePayload {
  readonly fileJobId: string;
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly total: number;
}

const payloadOf = (job: ClaimedJob): PiecePayload => {
  const { fileJobId, index, start, end, total } = job.payload;
  if (
    typeof fileJobId !== 'string' ||
    typeof index !== 'number' ||
    typeof start !== 'number' ||
    typeof end !== 'number' ||
    typeof total !== 'number'
  )
    throw new SpeechInputError('The piece job names no piece of a recording.');
  return { fileJobId, index, start, end, total };
};

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/**
 * One piece of a long recording: its WAV from the blob store -> speech port -> TranscriptPieceTranscribed (times
 * moved onto the whole file's clock). The recording decider completes the transcription when the last one is in.
 * Minutes were reserved once by the file job; a piece reserves nothing.
 */
export const transcriptionPieceJobHandler = (deps: PieceJobDeps): JobHandler => {
  const { commands, logger } = deps;
  const actor: Actor = { kind: 'worker', id: deps.workerId };

  const transcribe = async (job: ClaimedJob, signal: AbortSignal, dir: string) => {
    const recordingId = job.subjectId;
    const piece = payloadOf(job);
    const { state } = await commands.load(recordingId);
    // The previous attempt recorded it, then died before closing the job.
    if (state.pieceTranscripts[piece.index]) return;
    const wav = join(dir, 'piece.wav');
    const blob = await deps.blobs.get(pieceKey(recordingId, piece.fileJobId, piece.index));
    await pipeline(Readable.from(blob.body), createWriteStream(wav));
    const sizeBytes = (await stat(wav)).size;
    const transcript = await transcribeWhenAvailable(
      deps.speech,
      () => ({
        audio: createReadStream(wav),
        contentType: 'audio/wav',
        sizeBytes,
        language: state.options.language,
        translate: state.options.translate,
        diarize: false,
        signal,
      }),
      {
        signal,
        maxWaitMs: deps.speechOutageMaxMs ?? 1_800_000,
        logger,
        context: { jobId: job.jobId, recordingId },
      },
    );
    if (signal.aborted) return;
    await commands.run(
      recordingId,
      {
        type: 'RecordPieceTranscript',
        jobId: piece.fileJobId,
        index: piece.index,
        transcript: offsetPiece(transcript, piece.start),
        now: commands.now(),
      },
      actor,
      piece.fileJobId,
    );
    logger.info(
      { jobId: job.jobId, recordingId, piece: piece.index, of: piece.total },
      'transcription piece completed',
    );
  };

  return {
    kind: TRANSCRIPTION_PIECE_JOB,

    // The recording's current job must still be this piece's file job: a cancel, a delete or a new attempt stops
    // every piece within a second.
    async stillWanted(job) {
      const { fileJobId, index } = payloadOf(job);
      const { state } = await commands.load(job.subjectId);
      return (
        state.exists &&
        !state.deleted &&
        !state.erased &&
        state.jobId === fileJobId &&
        (state.status === 'queued' || state.status === 'transcribing') &&
        !state.pieceTranscripts[index]
      );
    },

    async run(job, signal) {
      const dir = await mkdtemp(join(tmpdir(), `scrivo-job-${process.pid}-`));
      try {
        await transcribe(job, signal, dir);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    isPermanent: (error) => error instanceof SpeechInputError,

    // A piece that fails for good fails its recording, saying which part of the file could not be read.
    async failed(job, error, final) {
      if (!final) return;
      const piece = payloadOf(job);
      const reason = error instanceof Error ? error.message : String(error);
      const where = `Part ${piece.index + 1} of ${piece.total} (${clock(piece.start)} to ${clock(piece.end)})`;
      await commands.run(
        job.subjectId,
        {
          type: 'FailTranscription',
          jobId: piece.fileJobId,
          code: error instanceof SpeechInputError ? 'UNREADABLE_AUDIO' : 'TRANSCRIPTION_FAILED',
          message:
            error instanceof SpeechInputError
              ? `${where} could not be transcribed: ${reason}`
              : `${where} failed after several attempts. Please try again later.`,
          now: commands.now(),
        },
        actor,
        piece.fileJobId,
      );
    },
  };
};
