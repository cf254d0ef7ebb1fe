import { Inject, Injectable } from '@nestjs/common';
import type { Translation, TranslationOptions } from '@scrivo/contracts';
import { NotFoundError, type ReadModelStore } from '@scrivo/domain';
import { LANGUAGE_CODE } from '@scrivo/domain/summaries';
import {
  PLAN_LIMITS,
  type PlanId,
  type RecordingDoc,
  TRANSCRIPTS_COLLECTION,
  type TranscriptDoc,
} from '@scrivo/domain/recordings';
import {
  supportsPair,
  TRANSLATION_ENGINES,
  TRANSLATION_LANGUAGES,
  type TranslationEngine,
  type TranslationState,
  translationDecider,
  translationStream,
} from '@scrivo/domain/translations';
import { ApiError } from '../../common/api-error';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { READ_MODELS } from '../../infrastructure/tokens';

const ENGINE_LABELS: Readonly<Record<TranslationEngine, string>> = {
  whisper: 'Whisper speech translation (from the audio, into English)',
  local: 'Local language model (machine draft)',
  huggingface: 'Hugging Face translation model',
};

/** Plan rule, engines on this server, and reading translations folded from their streams. */
@Injectable()
export class TranslationAccess {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether the plan that pays (the caller's, or a workspace recording's uploader's: `Payer`) translates. */
  planAllows(payer: { readonly plan: PlanId }): boolean {
    return PLAN_LIMITS[payer.plan].translation;
  }

  assertPlanAllows(payer: { readonly plan: PlanId; readonly mine?: boolean }): void {
    if (!this.planAllows(payer))
      throw new ApiError(
        402,
        'PLAN_UPGRADE_REQUIRED',
        payer.mine === false
          ? 'This recording’s translations are paid by the plan of the person who uploaded it, which does not include them.'
          : 'Translation is part of the Premium and Business Pro plans. Upgrade to translate your transcripts.',
        { feature: 'translation', requiredPlan: 'premium' },
      );
  }

  /** Whether an engine can run on this server for this recording (Whisper needs the audio still kept). */
  available(engine: TranslationEngine, recording: RecordingDoc): boolean {
    if (engine === 'whisper') return recording.blobKey !== null;
    if (engine === 'huggingface') return this.config.SCRIVO_TRANSLATION_ENGINE === 'huggingface';
    return this.config.SCRIVO_TRANSLATION_ENGINE === 'local' && this.config.SCRIVO_LLM_ENGINE !== 'none';
  }

  /**
   * The engine used when the caller names none: Whisper into English from the audio, else an engine here that
   * can do the pair (the configured text engine first); the configured one when none can, which the decider
   * then refuses with why.
   */
  defaultEngine(target: string, recording: RecordingDoc): TranslationEngine {
    const source = recording.language ?? '';
    if (target === 'en' && this.available('whisper', recording)) return 'whisper';
    const configured = this.config.SCRIVO_TRANSLATION_ENGINE;
    return (
      [configured, ...TRANSLATION_ENGINES].find(
        (engine) => this.available(engine, recording) && supportsPair(engine, source, target),
      ) ?? configured
    );
  }

  async transcriptVersion(recordingId: string): Promise<number> {
    const doc = await this.readModels.collection<TranscriptDoc>(TRANSCRIPTS_COLLECTION).get(recordingId);
    return doc ? (doc.version ?? 1) : 0;
  }

  async state(recordingId: string, target: string): Promise<TranslationState> {
    if (!LANGUAGE_CODE.test(target)) throw new NotFoundError('Translation', target);
    return this.runner.state(translationDecider, translationStream(recordingId, target));
  }

  toTranslation(state: TranslationState, currentVersion: number): Translation | null {
    if (state.status === 'none' || state.engine === null) return null;
    return {
      recordingId: state.recordingId,
      target: state.target,
      source: state.source,
      engine: state.engine,
      engineName: state.engineName,
      machineDraft: state.engine === 'local',
      status: state.status,
      progress: state.progress,
      segments: state.segments ? [...state.segments] : null,
      transcriptVersion: state.transcriptVersion,
      outOfDate: state.segments !== null && currentVersion > state.transcriptVersion,
      failure: state.failure,
      updatedAt: state.updatedAt,
    };
  }

  async one(recordingId: string, target: string): Promise<Translation | null> {
    return this.toTranslation(
      await this.state(recordingId, target),
      await this.transcriptVersion(recordingId),
    );
  }

  async options(payer: { readonly plan: PlanId }, recording: RecordingDoc): Promise<TranslationOptions> {
    const source = recording.language ?? '';
    const version = await this.transcriptVersion(recording.id);
    const targets = Object.keys(TRANSLATION_LANGUAGES);
    const items: Translation[] = [];
    for (const target of targets) {
      const item = this.toTranslation(await this.state(recording.id, target), version);
      if (item) items.push(item);
    }
    return {
      languages: Object.entries(TRANSLATION_LANGUAGES).map(([code, name]) => ({ code, name })),
      engines: TRANSLATION_ENGINES.map((engine) => ({
        engine,
        label: ENGINE_LABELS[engine],
        available: this.available(engine, recording),
        targets: targets.filter((t) => supportsPair(engine, source, t)),
      })),
      planAllows: this.planAllows(payer),
      items,
    };
  }
}
