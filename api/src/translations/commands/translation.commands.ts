import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestTranslationBody, Translation } from '@scrivo/contracts';
import { type Ids, NotFoundError } from '@scrivo/domain';
import { requireFinishedTranscript } from '@scrivo/domain/recordings';
import { TRANSLATION_LANGUAGES, translationDecider, translationStream } from '@scrivo/domain/translations';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS } from '../../infrastructure/tokens';
import { RecordingAccess } from '../../recordings/support/recording-access';
import { TranslationAccess } from '../support/translation-access';

export class RequestTranslationCommand extends Command<Translation> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
    readonly body: RequestTranslationBody,
  ) {
    super();
  }
}

@CommandHandler(RequestTranslationCommand)
export class RequestTranslationHandler implements ICommandHandler<RequestTranslationCommand> {
  constructor(
    private readonly recordings: RecordingAccess,
    private readonly translations: TranslationAccess,
    private readonly runner: StreamRunner,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ user, recordingId, body }: RequestTranslationCommand): Promise<Translation> {
    // A workspace's members (not viewers) ask too; the uploader's plan pays, as for the transcription.
    const recording = await this.recordings.owned(user, recordingId, 'edit');
    this.translations.assertPlanAllows(await this.recordings.payer(user, recording));
    // The domain's rule (the decider applies it too), asked first: which engines can translate an unfinished
    // transcript is no question worth an answer.
    requireFinishedTranscript(recording.status, 'translated');
    const engine = body.engine ?? this.translations.defaultEngine(body.target, recording);
    if (!body.engine && !this.translations.available(engine, recording))
      throw new ApiError(
        422,
        'TRANSLATION_PAIR_UNSUPPORTED',
        `No translation engine on this server can translate this transcript into ${TRANSLATION_LANGUAGES[body.target] ?? body.target}: speech translation (Whisper) only translates into English, and no text translation engine (the local language model or Hugging Face) is set up.`,
        { target: body.target },
      );
    if (!this.translations.available(engine, recording))
      throw engine === 'whisper'
        ? new ApiError(
            409,
            'MEDIA_NOT_KEPT',
            'Speech translation needs the recording’s audio, which is no longer kept.',
          )
        : new ApiError(
            501,
            'TRANSLATION_ENGINE_NOT_CONFIGURED',
            'This translation engine is not configured on this server.',
          );
    await this.runner.run(
      translationDecider,
      translationStream(recordingId, body.target),
      {
        type: 'RequestTranslation',
        recordingId,
        recordingStatus: recording.status,
        ownerId: recording.ownerId,
        jobId: this.ids.next(),
        source: recording.language,
        target: body.target,
        engine,
        transcriptVersion: await this.translations.transcriptVersion(recordingId),
        now: this.runner.now(),
      },
      { actor: this.recordings.actor(user) },
    );
    const translation = await this.translations.one(recordingId, body.target);
    if (!translation) throw new NotFoundError('Translation', body.target);
    return translation;
  }
}

export class CancelTranslationCommand extends Command<Translation> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
    readonly target: string,
  ) {
    super();
  }
}

@CommandHandler(CancelTranslationCommand)
export class CancelTranslationHandler implements ICommandHandler<CancelTranslationCommand> {
  constructor(
    private readonly recordings: RecordingAccess,
    private readonly translations: TranslationAccess,
    private readonly runner: StreamRunner,
  ) {}

  async execute({ user, recordingId, target }: CancelTranslationCommand): Promise<Translation> {
    // Whoever may ask for it (the uploader, a workspace's members) may stop it.
    await this.recordings.owned(user, recordingId, 'edit');
    await this.translations.state(recordingId, target); // a target that is not a language is not found
    await this.runner.run(
      translationDecider,
      translationStream(recordingId, target),
      { type: 'CancelTranslation', now: this.runner.now() },
      { actor: this.recordings.actor(user) },
    );
    const translation = await this.translations.one(recordingId, target);
    if (!translation) throw new NotFoundError('Translation', target);
    return translation;
  }
}

export const translationCommandHandlers = [RequestTranslationHandler, CancelTranslationHandler];
