import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Actor,
  type BlobStore,
  DomainError,
  LanguageModelRequestError,
  type Translator,
} from '@scrivo/domain';
import type { ClaimedJob } from '@scrivo/domain/jobs';
import {
  MediaRejectedError,
  type MediaToolkit,
  recordingDecider,
  recordingStream,
  requireTranscriptLines,
  SpeechInputError,
  type SpeechRecognizer,
  transcriptDocFrom,
} from '@scrivo/domain/recordings';
import {
  speechTranslationSource,
  type TranslatedSegment,
  type TranslationCommand,
  translationDecider,
  translationStream,
} from '@scrivo/domain/translations';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { EngineNotConfiguredError, type JobHandler } from '../jobs/job-handler';
import { stillWantedOnStream } from '../jobs/still-wanted';
import { throttledProgress } from '../language-jobs/throttled-progress';

export const TRANSLATION_JOB = 'translation';

/** Whisper's own speech-to-English: the recording's audio decoded and transcribed again with `translate`. */
export interface SpeechToEnglish {
  readonly blobs: BlobStore;
  readonly media: MediaToolkit;
  readonly speech: SpeechRecognizer;
}

/**
 * Makes one translation of a recording: its transcript segment by segment through the text translator (every
 * segment keeps its times), or Whisper's speech-to-English from the audio. Written only if this job is still
 * the one asked for.
 */
export const translationJobHandler = (deps: {
  readonly runner: StreamRunner;
  readonly translator: Translator | null;
  readonly speechToEnglish: SpeechToEnglish | null;
  readonly workerId: string;
}): JobHandler => {
  const actor: Actor = { kind: 'worker', id: deps.workerId };
  const target = (job: ClaimedJob) => String(job.payload['target'] ?? '');
  const stream = (job: ClaimedJob) => translationStream(job.subjectId, target(job));
  const run = (job: ClaimedJob, command: TranslationCommand) =>
    deps.runner.run(translationDecider, stream(job), command, { actor, correlationId: job.jobId });
  const recording = (job: ClaimedJob) => deps.runner.load(recordingDecider, recordingStream(job.subjectId));

  const fromAudio = async (job: ClaimedJob, signal: AbortSignal): Promise<TranslatedSegment[]> => {
    const engine = deps.speechToEnglish;
    if (!engine) throw new EngineNotConfiguredError('Speech translation is not available here.');
    const { state } = await recording(job);
    const source = speechTranslationSource(state);
    const dir = await mkdtemp(join(tmpdir(), `scrivo-job-${process.pid}-`));
    try {
      const original = join(dir, 'original');
      const wav = join(dir, 'audio.wav');
      await pipeline(Readable.from((await engine.blobs.get(source)).body), createWriteStream(original));
      await engine.media.normalise(original, wav, { signal });
      const english = await engine.speech.transcribe({
        audio: createReadStream(wav),
        contentType: 'audio/wav',
        sizeBytes: (await stat(wav)).size,
        language: state.options.language,
        translate: true,
        signal,
      });
      return english.segments.map((s) => ({ start: s.start, end: s.end, text: s.text }));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  return {
    kind: TRANSLATION_JOB,
    async stillWanted(job) {
      const { state, events } = await deps.runner.load(translationDecider, stream(job));
      return stillWantedOnStream(
        { jobId: state.jobId, running: state.status === 'running', events },
        job.jobId,
        {
          done: ['TranslationCompleted', 'TranslationFailed'],
          cancelled: 'TranslationCancelled',
        },
      );
    },
    isPermanent: (error) =>
      error instanceof LanguageModelRequestError ||
      error instanceof SpeechInputError ||
      error instanceof MediaRejectedError ||
      error instanceof EngineNotConfiguredError ||
      (error instanceof DomainError && ['NO_TRANSCRIPT', 'NO_MEDIA'].includes(error.code)),
    async failed(job, error, final) {
      // Another attempt follows: the last good content stays, and the owner hears of the outcome only then.
      if (!final) return;
      const reason =
        error instanceof DomainError || error instanceof EngineNotConfiguredError
          ? error.message
          : 'The translation could not be made after several attempts (the engine is unavailable). Please try again later.';
      await run(job, { type: 'FailTranslation', jobId: job.jobId, reason, now: deps.runner.now() });
    },
    async run(job, signal) {
      const transcript = requireTranscriptLines(
        transcriptDocFrom((await recording(job)).events),
        'translate',
      );
      const { state } = await deps.runner.load(translationDecider, stream(job));
      let segments: TranslatedSegment[];
      let engineName: string;
      if (state.engine === 'whisper') {
        segments = await fromAudio(job, signal);
        engineName = deps.speechToEnglish?.speech.name ?? 'whisper';
      } else {
        const translator = deps.translator;
        if (!translator)
          throw new EngineNotConfiguredError('Text translation is not configured on this server.');
        const texts = await translator.translate({
          texts: transcript.segments.map((s) => s.text),
          source: state.source,
          target: state.target,
          signal,
          onProgress: throttledProgress((progress) =>
            run(job, { type: 'ProgressTranslation', jobId: job.jobId, progress, now: deps.runner.now() }),
          ),
        });
        segments = transcript.segments.map((s, i) => ({
          start: s.start,
          end: s.end,
          text: texts[i] ?? s.text,
        }));
        engineName = translator.name;
      }
      if (signal.aborted) return;
      await run(job, {
        type: 'CompleteTranslation',
        jobId: job.jobId,
        segments,
        engineName,
        transcriptVersion: transcript.version ?? 1,
        now: deps.runner.now(),
      });
    },
  };
};
