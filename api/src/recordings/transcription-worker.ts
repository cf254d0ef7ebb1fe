import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { type Actor, type BlobStore, DomainError } from '@scrivo/domain';
import { type ClaimedJob, type JobQueue, LeaseLostError } from '@scrivo/domain/jobs';
import {
  MediaRejectedError,
  type MediaToolkit,
  type PlanId,
  SpeechInputError,
  type SpeechRecognizer,
  type SpeechRequest,
  transcriptionSourceKey,
} from '@scrivo/domain/recordings';
import { transcribeWhenAvailable } from './speech-availability';
import { type RecordingCommands, TRANSCRIPTION_JOB } from './recording-commands';

/** How often a running job looks for its cancellation. */
const CANCEL_CHECK_MS = 1000;

export interface WorkerLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface TranscriptionWorkerDeps {
  readonly workerId: string;
  readonly jobs: JobQueue;
  readonly commands: RecordingCommands;
  readonly blobs: BlobStore;
  readonly media: MediaToolkit;
  readonly speech: SpeechRecognizer;
  readonly leaseMs: number;
  readonly logger: WorkerLogger;
  /** The owner's plan now: how many minutes the decoded audio may use. */
  readonly planOf: (ownerId: string) => Promise<PlanId>;
  /** Progress events at most this often per job (they reach every open browser). */
  readonly progressIntervalMs?: number;
  /** How long a job waits for an unavailable speech engine before it spends an attempt (30 min by default). */
  readonly speechOutageMaxMs?: number;
}

/**
 * Claims transcription jobs and runs them: original from the blob store -> ffmpeg 16 kHz mono -> speech port ->
 * TranscriptionCompleted. Heartbeats keep the lease while it works; losing the lease (cancel or takeover) aborts
 * the engine call and drops the job without writing anything.
 */
export class TranscriptionWorker {
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;
  private readonly actor: Actor;

  constructor(private readonly deps: TranscriptionWorkerDeps) {
    this.actor = { kind: 'worker', id: deps.workerId };
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.abort.signal.aborted) {
      try {
        const job = await this.deps.jobs.claim(this.deps.workerId, [TRANSCRIPTION_JOB]);
        if (job) await this.run(job);
        else await this.deps.jobs.waitForWork(5_000, this.abort.signal);
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.deps.logger.error({ err: error }, 'job loop error');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  /**
   * A cancel (or delete) must stop the work at once, not at the next heartbeat (a third of the lease): the
   * recording's own stream is read every second, and aborting closes the speech request, which the speech
   * worker notices between segments and drops, freeing the engine for the next job.
   */
  private watchForCancel(jobId: string, recordingId: string, lost: AbortController): NodeJS.Timeout {
    let checking = false;
    return setInterval(() => {
      if (checking || lost.signal.aborted) return;
      checking = true;
      this.deps.commands
        .load(recordingId)
        .then(({ state }) => {
          if (state.status === 'cancelled' || state.deleted || state.jobId !== jobId) lost.abort();
        })
        .catch(() => undefined) // a store hiccup: the next check, or the heartbeat, will tell
        .finally(() => {
          checking = false;
        });
    }, CANCEL_CHECK_MS);
  }

  async run(job: ClaimedJob): Promise<void> {
    const { commands, jobs, logger } = this.deps;
    const recordingId = job.subjectId;
    const correlationId = job.jobId;
    const { state } = await commands.load(recordingId);
    if (!state.exists || state.jobId !== job.jobId || state.deleted || state.status === 'cancelled') {
      await jobs.complete(job).catch(() => undefined);
      return;
    }
    if (state.completedJobId === job.jobId) {
      // The previous attempt wrote the transcript, then died before closing the job.
      await jobs.complete(job);
      return;
    }
    logger.info({ jobId: job.jobId, recordingId, attempt: job.attempt }, 'transcription started');
    await commands.run(
      recordingId,
      { type: 'StartTranscription', jobId: job.jobId, workerId: this.deps.workerId, now: commands.now() },
      this.actor,
      correlationId,
    );

    const lost = new AbortController();
    const stopOnShutdown = () => lost.abort();
    this.abort.signal.addEventListener('abort', stopOnShutdown);
    const beat = setInterval(
      () => {
        jobs.heartbeat(job).catch((error: unknown) => {
          if (error instanceof LeaseLostError) lost.abort();
        });
      },
      Math.max(500, Math.floor(this.deps.leaseMs / 3)),
    );
    const watch = this.watchForCancel(job.jobId, recordingId, lost);
    const dir = await mkdtemp(join(tmpdir(), `scrivo-job-${process.pid}-`));
    try {
      const original = join(dir, 'original');
      const wav = join(dir, 'audio.wav');
      const blob = await this.deps.blobs.get(transcriptionSourceKey(state)!);
      await pipeline(Readable.from(blob.body), createWriteStream(original));
      // Bill the audio that is really there, not the duration the container claims (it can say 1 s and hold
      // hours): decode no further than the owner can pay for, then top the reservation up to the decoded length.
      const ownerId = state.ownerId!;
      const period =
        typeof job.payload['period'] === 'string'
          ? job.payload['period']
          : (await commands.periodOf(state.ownerId!, new Date())).id;
      const plan = await this.deps.planOf(ownerId);
      const budget = await commands.decodeBudgetSeconds(ownerId, recordingId, period, plan);
      const decoded = await this.deps.media.normalise(original, wav, {
        signal: lost.signal,
        maxSeconds: budget ?? undefined,
      });
      await rm(original, { force: true });
      await commands.reserveDecodedMinutes(
        ownerId,
        recordingId,
        period,
        decoded.durationSeconds,
        plan,
        this.actor,
        correlationId,
      );
      let lastReport = 0;
      const interval = this.deps.progressIntervalMs ?? 1000;
      const sizeBytes = (await stat(wav)).size;
      // A fresh request (and audio stream) for each try while the speech engine is unavailable.
      const speechRequest = (): SpeechRequest => ({
        audio: createReadStream(wav),
        contentType: 'audio/wav',
        sizeBytes,
        language: state.options.language,
        translate: state.options.translate,
        diarize: job.payload['diarize'] === true,
        signal: lost.signal,
        onProgress: (progress) => {
          const now = Date.now();
          if (now - lastReport < interval || progress >= 1) return;
          lastReport = now;
          void Promise.all([
            jobs.progress(job, progress),
            commands.run(
              recordingId,
              { type: 'ProgressTranscription', jobId: job.jobId, progress, now: commands.now() },
              this.actor,
              correlationId,
            ),
          ]).catch((error: unknown) => {
            if (error instanceof LeaseLostError) lost.abort();
          });
        },
      });
      const transcript = await transcribeWhenAvailable(this.deps.speech, speechRequest, {
        signal: lost.signal,
        maxWaitMs: this.deps.speechOutageMaxMs ?? 1_800_000,
        logger,
        context: { jobId: job.jobId, recordingId },
      });
      if (lost.signal.aborted) return;
      await commands.run(
        recordingId,
        { type: 'CompleteTranscription', jobId: job.jobId, transcript, now: commands.now() },
        this.actor,
        correlationId,
      );
      await jobs.complete(job);
      logger.info(
        { jobId: job.jobId, recordingId, language: transcript.language },
        'transcription completed',
      );
    } catch (error) {
      if (lost.signal.aborted || error instanceof LeaseLostError) {
        logger.warn({ jobId: job.jobId, recordingId }, 'job dropped: lease lost, cancelled or shutting down');
        return;
      }
      const overQuota = error instanceof DomainError && error.code === 'QUOTA_EXCEEDED';
      const permanent = overQuota || error instanceof SpeechInputError || error instanceof MediaRejectedError;
      const reason = error instanceof Error ? error.message : String(error);
      logger.warn({ jobId: job.jobId, recordingId, err: error, permanent }, 'transcription attempt failed');
      // The last attempt: the recording learns why first, in words its owner understands. Its job then dies, and
      // the reactors give the minutes back (and fail the recording themselves if this process dies in between).
      if (permanent || job.attempt >= job.maxAttempts)
        await commands.run(
          recordingId,
          {
            type: 'FailTranscription',
            jobId: job.jobId,
            code: overQuota ? 'QUOTA_EXCEEDED' : permanent ? 'UNREADABLE_AUDIO' : 'TRANSCRIPTION_FAILED',
            message: overQuota
              ? reason
              : permanent
                ? `The audio could not be transcribed: ${reason}`
                : 'Transcription failed after several attempts. Please try again later.',
            now: commands.now(),
          },
          this.actor,
          correlationId,
        );
      await jobs.fail(job, reason, !permanent).catch((failure: unknown) => {
        // Cancelled or taken over meanwhile: the job is someone else's to close.
        if (!(failure instanceof LeaseLostError)) throw failure;
      });
    } finally {
      clearInterval(beat);
      clearInterval(watch);
      this.abort.signal.removeEventListener('abort', stopOnShutdown);
      await rm(dir, { recursive: true, force: true });
    }
  }
}
