import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Actor, BlobStore } from '@scrivo/domain';
import {
  cutsFromFrameEnergies,
  type FrameEnergies,
  FrameEnergyMeter,
  offsetPiece,
  type PieceSpan,
  recordingDecider,
  type RecordingState,
  recordingStream,
  type SpeakerProfiles,
  SpeechInputError,
  type SpeechRecognizer,
  type SpeechTranscript,
} from '@scrivo/domain/recordings';
import type { ClaimedJob } from '@scrivo/domain/jobs';
import type { JobHandler } from '../jobs/job-handler';
import type { WorkerLogger } from '../jobs/worker-logger';
import type { OpenedStanding, StreamRunner, StreamStanding } from '../infrastructure/stream-runner';
import { transcribeWhenAvailable } from './speech-availability';
import { ownerVocabulary } from './support/owner-vocabulary';
import { ownerVoices, piecesWithOwnerVoices } from './support/owner-voices';

export const TRANSCRIPTION_PIECE_JOB = 'transcription-piece';

export { pieceJobId } from '@scrivo/domain/recordings';

/** A piece's audio, beside its recording; deleted when the transcription ends, is cancelled or deleted. */
export const pieceKey = (recordingId: string, fileJobId: string, index: number) =>
  `recordings/${recordingId}/pieces/${fileJobId}/${index}.wav`;

/**
 * A piece's speakers' voice prints (biometric personal data): kept beside the piece's audio, never in events or
 * read models, and erased with the pieces.
 */
export const speakersKey = (recordingId: string, fileJobId: string, index: number) =>
  `recordings/${recordingId}/pieces/${fileJobId}/${index}.speakers.json`;

export interface PieceSettings {
  /** Files longer than this are cut; shorter ones stay one unit, as fast as before. */
  readonly thresholdSeconds: number;
  readonly pieceSeconds: number;
  readonly windowSeconds: number;
}

const QUIET_SECONDS = 0.3;

/** How many recordings' standings a piece handler keeps (LRU): the ones whose pieces it is running. */
const STANDINGS_KEPT = 8;
/** Opened standings hold what people said: only those of the recordings whose pieces this worker runs now. */
const OPENED_KEPT = 2;

/**
 * The recording as the checks see it (is the piece still wanted, are all pieces in): which pieces are in, not what
 * they say. A piece's words are dropped before folding, so a long file's standing for the checks stays small.
 */
const checksDecider: typeof recordingDecider = {
  ...recordingDecider,
  evolve: (state, event) => {
    if (event.type !== 'TranscriptPieceTranscribed') return recordingDecider.evolve(state, event);
    const { recordingId, jobId, index, language, languageProbability, engine, at } = event.data;
    const data = { recordingId, jobId, index, language, languageProbability, engine, at, segments: [] };
    return recordingDecider.evolve(state, { type: event.type, data });
  },
};

/** Keeps the most recently used `limit` entries of a map, most recent last. */
const keepRecent = <Value>(map: Map<string, Value>, key: string, value: Value, limit: number) => {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= limit) break;
    map.delete(oldest);
  }
};

export const pieceSettings = (config: {
  readonly SCRIVO_PIECE_THRESHOLD_SECONDS: number;
  readonly SCRIVO_PIECE_SECONDS: number;
  readonly SCRIVO_PIECE_WINDOW_SECONDS: number;
}): PieceSettings => ({
  thresholdSeconds: config.SCRIVO_PIECE_THRESHOLD_SECONDS,
  pieceSeconds: config.SCRIVO_PIECE_SECONDS,
  windowSeconds: config.SCRIVO_PIECE_WINDOW_SECONDS,
});

/** Where the samples of a 16-bit mono WAV lie in its file. */
interface PcmLayout {
  readonly sampleRate: number;
  /** Offset of the first sample byte in the file. */
  readonly dataStart: number;
  readonly dataBytes: number;
}

/**
 * The format and `data` chunk of a 16-bit mono WAV, found by walking the RIFF chunk headers: a few bytes read
 * per chunk, never the samples, so a 3-hour file costs what a 3-second one does.
 */
const pcmLayoutOf = async (wavPath: string): Promise<PcmLayout> => {
  const handle = await open(wavPath, 'r');
  try {
    const { size: fileBytes } = await handle.stat();
    const header = Buffer.alloc(16);
    let sampleRate: number | null = null;
    for (let at = 12; at + 8 <= fileBytes;) {
      const { bytesRead } = await handle.read(header, 0, header.length, at);
      const id = header.toString('ascii', 0, 4);
      const size = header.readUInt32LE(4);
      if (id === 'fmt ' && bytesRead >= 16) sampleRate = header.readUInt32LE(12);
      // ffmpeg writing to a pipe leaves the size unset (0xffffffff): the data then runs to the end.
      if (id === 'data' && sampleRate !== null)
        return { sampleRate, dataStart: at + 8, dataBytes: Math.min(fileBytes, at + 8 + size) - (at + 8) };
      at += 8 + size + (size % 2);
    }
  } finally {
    await handle.close();
  }
  throw new Error('The decoded audio is not a WAV file with a fmt and a data chunk.');
};

/**
 * The loudness of each 10 ms frame, read through the file once into one reused 1 MiB buffer: memory stays at that
 * buffer (and the ~100 numbers a second) whatever the file's length, and the reads leave no garbage behind.
 */
const frameEnergiesOfFile = async (wavPath: string, layout: PcmLayout): Promise<FrameEnergies> => {
  const end = layout.dataStart + Math.floor(layout.dataBytes / 2) * 2;
  const meter = new FrameEnergyMeter(layout.sampleRate, (end - layout.dataStart) / 2);
  const samples = new Int16Array(1 << 19);
  const bytes = Buffer.from(samples.buffer);
  const handle = await open(wavPath, 'r');
  try {
    // A read may end mid-sample: that byte is moved to the front and completed by the next read.
    let held = 0;
    for (let position = layout.dataStart; position < end;) {
      const { bytesRead } = await handle.read(
        bytes,
        held,
        Math.min(bytes.length - held, end - position),
        position,
      );
      if (bytesRead === 0) break;
      position += bytesRead;
      const filled = held + bytesRead;
      meter.add(samples.subarray(0, filled >> 1));
      held = filled % 2;
      if (held === 1) bytes[0] = bytes[filled - 1]!;
    }
  } finally {
    await handle.close();
  }
  return meter.result();
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

/** A piece's WAV: its own header, then its bytes of the decoded file, streamed from disk. */
async function* pieceWav(wavPath: string, sampleRate: number, start: number, length: number) {
  yield wavHeader(sampleRate, length);
  if (length === 0) return;
  const bytes: AsyncIterable<Buffer> = createReadStream(wavPath, { start, end: start + length - 1 });
  yield* bytes;
}

/**
 * Cuts the decoded 16 kHz mono WAV at pauses and stores each piece as its own WAV in the blob store. Returns
 * the pieces, or null when the recording is short enough to stay one unit. The file is read twice as a stream
 * (once for its loudness, once piece by piece into the store) and never held whole, so the job's memory does not
 * grow with the file's length (but for its frame energies, ~6 MiB an hour).
 */
export const storePieces = async (
  deps: { readonly blobs: BlobStore },
  wavPath: string,
  target: { readonly recordingId: string; readonly fileJobId: string },
  settings: PieceSettings,
): Promise<PieceSpan[] | null> => {
  const layout = await pcmLayoutOf(wavPath);
  const { sampleRate, dataStart, dataBytes } = layout;
  if (dataBytes / 2 / sampleRate <= settings.thresholdSeconds) return null;
  const pieces = cutsFromFrameEnergies(await frameEnergiesOfFile(wavPath, layout), {
    pieceSeconds: settings.pieceSeconds,
    windowSeconds: settings.windowSeconds,
    quietSeconds: QUIET_SECONDS,
  });
  if (pieces.length < 2) return null;
  for (const piece of pieces) {
    const from = Math.round(piece.start * sampleRate) * 2;
    const to = Math.min(dataBytes, Math.round(piece.end * sampleRate) * 2);
    const length = Math.max(0, to - from);
    await deps.blobs.put(
      pieceKey(target.recordingId, target.fileJobId, piece.index),
      pieceWav(wavPath, sampleRate, dataStart + from, length),
      { contentType: 'audio/wav', size: 44 + length },
    );
  }
  return pieces;
};

export interface PieceJobDeps {
  readonly workerId: string;
  readonly runner: StreamRunner;
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
  readonly speakerLabels: boolean;
}

const payloadOf = (job: ClaimedJob): PiecePayload => {
  const { fileJobId, index, start, end, total, speakerLabels } = job.payload;
  if (
    typeof fileJobId !== 'string' ||
    typeof index !== 'number' ||
    typeof start !== 'number' ||
    typeof end !== 'number' ||
    typeof total !== 'number'
  )
    throw new SpeechInputError('The piece job names no piece of a recording.');
  return { fileJobId, index, start, end, total, speakerLabels: speakerLabels === true };
};

const isProfiles = (value: unknown): value is SpeakerProfiles =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray(Reflect.get(value, 'speakers')) &&
  Array.isArray(Reflect.get(value, 'tracks')) &&
  Array.isArray(Reflect.get(value, 'cannotLink'));

const parseProfiles = (text: string): SpeakerProfiles => {
  const parsed: unknown = JSON.parse(text);
  if (!isProfiles(parsed)) throw new Error('A piece’s stored voice prints are not readable.');
  return parsed;
};

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/**
 * One piece of a long recording: its WAV from the blob store -> speech port -> TranscriptPieceTranscribed (times
 * moved onto the whole file's clock). The recording decider completes the transcription when the last one is in.
 * Minutes were reserved once by the file job; a piece reserves nothing.
 */
export const transcriptionPieceJobHandler = (deps: PieceJobDeps): JobHandler => {
  const { runner, logger } = deps;
  const actor: Actor = { kind: 'worker', id: deps.workerId };
  /**
   * Where each recording whose pieces this worker ran stood at its last check, most recently checked last: a
   * check then reads only what was appended since (see StreamRunner.standing). A few recordings are kept at
   * most, each its state sealed and without the pieces' words (checksDecider).
   */
  const standings = new Map<string, StreamStanding<RecordingState>>();
  const standingOf = async (recordingId: string): Promise<RecordingState> => {
    const stream = recordingStream(recordingId);
    const now = await runner.standing(checksDecider, stream, standings.get(stream));
    keepRecent(standings, stream, now, STANDINGS_KEPT);
    return now.state;
  };
  /**
   * The same for the pieces' own reads and writes, opened (the options' vocabulary is sealed): each piece reads
   * only what the other pieces appended since this worker's last one, not every piece's words again.
   */
  const opened = new Map<string, OpenedStanding<RecordingState>>();
  const openedOf = async (recordingId: string): Promise<RecordingState> => {
    const stream = recordingStream(recordingId);
    const now = await runner.openedStanding(recordingDecider, stream, opened.get(stream));
    keepRecent(opened, stream, now, OPENED_KEPT);
    return now.state;
  };
  const recordPiece = async (recordingId: string, piece: PiecePayload, transcript: SpeechTranscript) => {
    const stream = recordingStream(recordingId);
    const { standing } = await runner.runFrom(
      recordingDecider,
      stream,
      {
        type: 'RecordPieceTranscript',
        jobId: piece.fileJobId,
        index: piece.index,
        transcript: offsetPiece(transcript, piece.start),
        now: runner.now(),
      },
      { actor, correlationId: piece.fileJobId },
      opened.get(stream),
    );
    // A completed recording's words are not kept in memory past its last piece.
    if (standing.state.completedJobId === piece.fileJobId) opened.delete(stream);
    else keepRecent(opened, stream, standing, OPENED_KEPT);
  };

  const transcribe = async (job: ClaimedJob, signal: AbortSignal, dir: string) => {
    const recordingId = job.subjectId;
    const piece = payloadOf(job);
    const state = await openedOf(recordingId);
    // The previous attempt recorded it, then died before closing the job (or before joining the speakers).
    if (state.pieceTranscripts[piece.index]) {
      if (piece.speakerLabels) await joinSpeakers(recordingId, piece, signal);
      return;
    }
    const wav = join(dir, 'piece.wav');
    const blob = await deps.blobs.get(pieceKey(recordingId, piece.fileJobId, piece.index));
    await pipeline(Readable.from(blob.body), createWriteStream(wav));
    const sizeBytes = (await stat(wav)).size;
    const words = await ownerVocabulary(runner, state.ownerId!, state.options.vocabulary, state.workspaceId);
    const voices = piece.speakerLabels ? await ownerVoices(runner, state.ownerId!, state.workspaceId) : [];
    const heard = await transcribeWhenAvailable(
      deps.speech,
      () => ({
        audio: createReadStream(wav),
        contentType: 'audio/wav',
        sizeBytes,
        language: state.options.language,
        translate: state.options.translate,
        diarize: piece.speakerLabels,
        speakerProfiles: piece.speakerLabels,
        voicePrints: voices.map((voice) => voice.embedding),
        // A piece may hold fewer of the file's people than the uploader named: only the file-wide join is told.
        vocabulary: words.engine,
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
    const transcript = words.spell(heard);
    // Stored before the piece is recorded, so whoever sees the last piece in finds every piece's voice prints.
    if (piece.speakerLabels) {
      const profiles: SpeakerProfiles = transcript.speakerProfiles ?? {
        speakers: [],
        tracks: [],
        cannotLink: [],
      };
      await deps.blobs.put(
        speakersKey(recordingId, piece.fileJobId, piece.index),
        new TextEncoder().encode(JSON.stringify(profiles)),
        { contentType: 'application/json' },
      );
    }
    await recordPiece(recordingId, piece, transcript);
    logger.info(
      { jobId: job.jobId, recordingId, piece: piece.index, of: piece.total },
      'transcription piece completed',
    );
    if (piece.speakerLabels) await joinSpeakers(recordingId, piece, signal);
  };

  /**
   * Once every piece is in, their speakers are clustered together (not piece by piece), so one person keeps one
   * label across the whole file. Whoever sees the last piece in does it; the decider keeps only the first join.
   */
  const joinSpeakers = async (recordingId: string, piece: PiecePayload, signal: AbortSignal) => {
    const state = await standingOf(recordingId);
    const split = state.split;
    if (!split || split.jobId !== piece.fileJobId || state.completedJobId === piece.fileJobId) return;
    if (Object.keys(state.pieceTranscripts).length < split.pieces.length) return;
    if (!deps.speech.clusterSpeakers)
      throw new Error('The speech engine cannot cluster speakers across the pieces of a file.');
    const profiles: SpeakerProfiles[] = [];
    for (const { index } of split.pieces) {
      const blob = await deps.blobs.get(speakersKey(recordingId, piece.fileJobId, index));
      const chunks: Uint8Array[] = [];
      for await (const chunk of blob.body) chunks.push(chunk);
      profiles.push(parseProfiles(Buffer.concat(chunks).toString('utf8')));
    }
    const voices = await ownerVoices(runner, state.ownerId!, state.workspaceId);
    const clustered = await deps.speech.clusterSpeakers(profiles, {
      speakers: state.options.speakers ?? null,
      voices: voices.map(({ id, embedding }) => ({ id, embedding })),
      signal,
    });
    if (signal.aborted) return;
    // The names go into the join's labels only: the transcript it completes is sealed, the join itself not stored.
    const speakers = await piecesWithOwnerVoices(deps.speech, profiles, clustered, voices, {
      signal,
      logger,
      context: { recordingId, jobId: piece.fileJobId },
    });
    if (signal.aborted) return;
    await runner.run(
      recordingDecider,
      recordingStream(recordingId),
      { type: 'JoinPieceSpeakers', jobId: piece.fileJobId, speakers, now: runner.now() },
      { actor, correlationId: piece.fileJobId },
    );
    logger.info(
      { recordingId, jobId: piece.fileJobId },
      'transcription pieces joined with file-wide speakers',
    );
  };

  return {
    kind: TRANSCRIPTION_PIECE_JOB,

    // The recording's current job must still be this piece's file job: a cancel, a delete or a new attempt stops
    // every piece within a second.
    async stillWanted(job) {
      const { fileJobId, index } = payloadOf(job);
      const state = await standingOf(job.subjectId);
      if (!state.exists || state.deleted || state.erased || state.jobId !== fileJobId) {
        opened.delete(recordingStream(job.subjectId));
        return 'unwanted';
      }
      if (state.status === 'queued' || state.status === 'transcribing')
        // With speaker labels, a recorded piece may still have the file-wide join to do.
        return !state.pieceTranscripts[index] || state.split?.speakerLabels === true ? 'wanted' : 'done';
      return state.completedJobId === fileJobId ? 'done' : 'unwanted';
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
      await runner.run(
        recordingDecider,
        recordingStream(job.subjectId),
        {
          type: 'FailTranscription',
          jobId: piece.fileJobId,
          code: error instanceof SpeechInputError ? 'UNREADABLE_AUDIO' : 'TRANSCRIPTION_FAILED',
          message:
            error instanceof SpeechInputError
              ? `${where} could not be transcribed: ${reason}`
              : `${where} failed after several attempts. Please try again later.`,
          now: runner.now(),
        },
        { actor, correlationId: piece.fileJobId },
      );
    },
  };
};
