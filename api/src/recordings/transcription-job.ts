import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { type Actor, type BlobStore, DomainError } from '@scrivo/domain';
import type { ClaimedJob, JobQueue } from '@scrivo/domain/jobs';
import {
  MediaRejectedError,
  type MediaToolkit,
  type PlanId,
  SpeechInputError,
  type SpeechRecognizer,
  recordingDecider,
  recordingStream,
  type SpeechRequest,
  transcriptionSourceKey,
} from '@scrivo/domain/recordings';
import type { JobHandler } from '../jobs/job-handler';
import type { WorkerLogger } from '../jobs/worker-logger';
import { transcribeWhenAvailable } from './speech-availability';
import { type PieceSettings, storePieces } from './transcription-pieces';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { ownerVocabulary } from './support/owner-vocabulary';
import { ownerVoices, withOwnerVoices } from './support/owner-voices';
import type { MinutesLedger } from './minutes-ledger';

export interface TranscriptionJobDeps {
  readonly workerId: string;
  readonly jobs: JobQueue;
  readonly runner: StreamRunner;
  readonly minutes: MinutesLedger;
  readonly blobs: BlobStore;
  readonly media: MediaToolkit;
  readonly speech: SpeechRecognizer;
  readonly logger: WorkerLogger;
  /** The owner's plan now: how many minutes the decoded audio may use. */
  readonly planOf: (ownerId: string) => Promise<PlanId>;
  /** Progress events at most this often per job (they reach every open browser). */
  readonly progressIntervalMs?: number;
  /** How long a job waits for an unavailable speech engine before it spends an attempt (30 min by default). */
  readonly speechOutageMaxMs?: number;
  /** When a long recording is cut into pieces (absent: every file is one unit). */
  readonly pieces?: PieceSettings;
}

export const TRANSCRIPTION_JOB = 'transcription';

const isOverQuota = (error: unknown) => error instanceof DomainError && error.code === 'QUOTA_EXCEEDED';

/**
 * Transcription jobs: original from the blob store -> ffmpeg 16 kHz mono -> speech port -> TranscriptionCompleted.
 * The job worker keeps the lease; a cancel, a delete or a lost lease aborts the engine call and nothing is written.
 */
export const transcriptionJobHandler = (deps: TranscriptionJobDeps): JobHandler => {
  const { runner, minutes, jobs, logger } = deps;
  const actor: Actor = { kind: 'worker', id: deps.workerId };

  const transcribe = async (job: ClaimedJob, signal: AbortSignal, dir: string): Promise<void> => {
    const recordingId = job.subjectId;
    const correlationId = job.jobId;
    const { state } = await runner.load(recordingDecider, recordingStream(recordingId));
    // The previous attempt wrote the transcript (or cut the file into pieces), then died before closing the job.
    if (state.completedJobId === job.jobId || state.split?.jobId === job.jobId) return;
    logger.info({ jobId: job.jobId, recordingId, attempt: job.attempt }, 'transcription started');
    await runner.run(
      recordingDecider,
      recordingStream(recordingId),
      { type: 'StartTranscription', jobId: job.jobId, workerId: deps.workerId, now: runner.now() },
      { actor, correlationId },
    );
    const original = join(dir, 'original');
    const wav = join(dir, 'audio.wav');
    const blob = await deps.blobs.get(transcriptionSourceKey(state)!);
    await pipeline(Readable.from(blob.body), createWriteStream(original));
    // Bill the audio that is really there, not the duration the container claims (it can say 1 s and hold
    // hours): decode no further than the owner can pay for, then top the reservation up to the decoded length.
    const ownerId = state.ownerId!;
    const period =
      typeof job.payload['period'] === 'string'
        ? job.payload['period']
        : (await minutes.periodOf(ownerId, new Date())).id;
    const plan = await deps.planOf(ownerId);
    const budget = await minutes.decodeBudgetSeconds(ownerId, recordingId, period, plan);
    const decoded = await deps.media.normalise(original, wav, { signal, maxSeconds: budget ?? undefined });
    await rm(original, { force: true });
    await minutes.reserveDecodedMinutes(
      ownerId,
      recordingId,
      period,
      decoded.durationSeconds,
      plan,
      actor,
      correlationId,
    );
    const diarize = job.payload['diarize'] === true;
    // Speaker labels must agree across the whole file, which needs every piece's voice prints clustered
    // together: with a recogniser that cannot, a recording that asked for labels stays one unit.
    if (deps.pieces && (!diarize || deps.speech.clusterSpeakers)) {
      const pieces = await storePieces(deps, wav, { recordingId, fileJobId: job.jobId }, deps.pieces);
      if (pieces) {
        if (signal.aborted) return;
        await runner.run(
          recordingDecider,
          recordingStream(recordingId),
          {
            type: 'SplitTranscription',
            jobId: job.jobId,
            pieces,
            speakerLabels: diarize,
            now: runner.now(),
          },
          { actor, correlationId },
        );
        logger.info(
          { jobId: job.jobId, recordingId, pieces: pieces.length },
          'transcription split into pieces',
        );
        return;
      }
    }
    let lastReport = 0;
    const interval = deps.progressIntervalMs ?? 1000;
    const sizeBytes = (await stat(wav)).size;
    // A fresh request (and audio stream) for each try while the speech engine is unavailable.
    const words = await ownerVocabulary(runner, ownerId, state.options.vocabulary, state.workspaceId);
    // Remembered voices are looked for where speakers are labelled: the engine then answers the labels' voice prints.
    const voices =
      diarize && deps.speech.nameSpeakers ? await ownerVoices(runner, ownerId, state.workspaceId) : [];
    const speechRequest = (): SpeechRequest => ({
      audio: createReadStream(wav),
      contentType: 'audio/wav',
      sizeBytes,
      language: state.options.language,
      translate: state.options.translate,
      diarize,
      speakers: state.options.speakers ?? null,
      vocabulary: words.engine,
      speakerProfiles: voices.length > 0,
      voicePrints: voices.map((voice) => voice.embedding),
      signal,
      onProgress: (progress) => {
        const now = Date.now();
        if (now - lastReport < interval || progress >= 1) return;
        lastReport = now;
        void Promise.all([
          jobs.progress(job, progress),
          runner.run(
            recordingDecider,
            recordingStream(recordingId),
            { type: 'ProgressTranscription', jobId: job.jobId, progress, now: runner.now() },
            { actor, correlationId },
          ),
        ]).catch(() => undefined); // a lost lease shows at the next heartbeat, which aborts the job
      },
    });
    const context = { jobId: job.jobId, recordingId };
    const heard = await transcribeWhenAvailable(deps.speech, speechRequest, {
      signal,
      maxWaitMs: deps.speechOutageMaxMs ?? 1_800_000,
      logger,
      context,
    });
    const transcript = words.spell(
      await withOwnerVoices(deps.speech, heard, voices, { signal, logger, context }),
    );
    if (signal.aborted) return;
    await runner.run(
      recordingDecider,
      recordingStream(recordingId),
      { type: 'CompleteTranscription', jobId: job.jobId, transcript, now: runner.now() },
      { actor, correlationId },
    );
    logger.info({ jobId: job.jobId, recordingId, language: transcript.language }, 'transcription completed');
  };

  return {
    kind: TRANSCRIPTION_JOB,

    // A redo after its recording completed is run: `transcribe` finds the transcript recorded and writes nothing.
    async stillWanted(job) {
      const { state } = await runner.load(recordingDecider, recordingStream(job.subjectId));
      return state.exists && state.jobId === job.jobId && !state.deleted && state.status !== 'cancelled'
        ? 'wanted'
        : 'unwanted';
    },

    async run(job, signal) {
      const dir = await mkdtemp(join(tmpdir(), `scrivo-job-${process.pid}-`));
      try {
        await transcribe(job, signal, dir);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    isPermanent: (error) =>
      isOverQuota(error) || error instanceof SpeechInputError || error instanceof MediaRejectedError,

    // The last attempt: the recording learns why first, in words its owner understands. Its job then dies, and
    // the reactors give the minutes back (and fail the recording themselves if this process dies in between).
    async failed(job, error, final) {
      if (!final) return;
      const overQuota = isOverQuota(error);
      const permanent = overQuota || error instanceof SpeechInputError || error instanceof MediaRejectedError;
      const reason = error instanceof Error ? error.message : String(error);
      await runner.run(
        recordingDecider,
        recordingStream(job.subjectId),
        {
          type: 'FailTranscription',
          jobId: job.jobId,
          code: overQuota ? 'QUOTA_EXCEEDED' : permanent ? 'UNREADABLE_AUDIO' : 'TRANSCRIPTION_FAILED',
          message: overQuota
            ? reason
            : permanent
              ? `The audio could not be transcribed: ${reason}`
              : 'Transcription failed after several attempts. Please try again later.',
          now: runner.now(),
        },
        { actor, correlationId: job.jobId },
      );
    },
  };
};
