import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EditSummaryBody, RequestSummaryBody, Summary } from '@scrivo/contracts';
import type { Ids } from '@scrivo/domain';
import {
  DEFAULT_TEMPLATE_ID,
  findTemplate,
  summaryDecider,
  summaryStream,
  summaryTemplatesDecider,
  summaryTemplatesStream,
} from '@scrivo/domain/summaries';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS } from '../../infrastructure/tokens';
import { RecordingAccess } from '../../recordings/support/recording-access';
import { SummaryAccess } from '../support/summary-access';

export class RequestSummaryCommand extends Command<Summary> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
    readonly body: RequestSummaryBody,
  ) {
    super();
  }
}

@CommandHandler(RequestSummaryCommand)
export class RequestSummaryHandler implements ICommandHandler<RequestSummaryCommand> {
  constructor(
    private readonly recordings: RecordingAccess,
    private readonly summaries: SummaryAccess,
    private readonly runner: StreamRunner,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user, recordingId, body }: RequestSummaryCommand): Promise<Summary> {
    // A workspace's members (not viewers) ask too; the uploader's plan pays, as for the transcription.
    const recording = await this.recordings.owned(user, recordingId, 'edit');
    const payer = await this.recordings.payer(user, recording);
    this.summaries.assertPlanAllows(payer);
    if (this.config.SCRIVO_LLM_ENGINE === 'none')
      throw new ApiError(501, 'SUMMARIES_NOT_CONFIGURED', 'Summaries are turned off on this server.');
    const templateId = body.template ?? DEFAULT_TEMPLATE_ID;
    const templates = await this.runner.state(summaryTemplatesDecider, summaryTemplatesStream(user.id));
    await this.runner.run(
      summaryDecider,
      summaryStream(recordingId),
      {
        type: 'RequestSummary',
        recordingId,
        recordingStatus: recording.status,
        ownerId: recording.ownerId,
        jobId: this.ids.next(),
        language: body.language ?? recording.language ?? 'en',
        transcriptVersion: await this.summaries.transcriptVersion(recordingId),
        template: findTemplate(templates, templateId),
        templateId,
        now: this.runner.now(),
      },
      { actor: this.recordings.actor(user) },
    );
    return this.summaries.view(payer, recordingId);
  }
}

export class CancelSummaryCommand extends Command<Summary> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
  ) {
    super();
  }
}

@CommandHandler(CancelSummaryCommand)
export class CancelSummaryHandler implements ICommandHandler<CancelSummaryCommand> {
  constructor(
    private readonly recordings: RecordingAccess,
    private readonly summaries: SummaryAccess,
    private readonly runner: StreamRunner,
  ) {}

  async execute({ user, recordingId }: CancelSummaryCommand): Promise<Summary> {
    // Whoever may ask for it (the uploader, a workspace's members) may stop it.
    const recording = await this.recordings.owned(user, recordingId, 'edit');
    await this.runner.run(
      summaryDecider,
      summaryStream(recordingId),
      { type: 'CancelSummary', now: this.runner.now() },
      { actor: this.recordings.actor(user) },
    );
    return this.summaries.view(await this.recordings.payer(user, recording), recordingId);
  }
}

export class EditSummaryCommand extends Command<Summary> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
    readonly body: EditSummaryBody,
  ) {
    super();
  }
}

@CommandHandler(EditSummaryCommand)
export class EditSummaryHandler implements ICommandHandler<EditSummaryCommand> {
  constructor(
    private readonly recordings: RecordingAccess,
    private readonly summaries: SummaryAccess,
    private readonly runner: StreamRunner,
  ) {}

  async execute({ user, recordingId, body }: EditSummaryCommand): Promise<Summary> {
    await this.recordings.owned(user, recordingId, 'uploader');
    this.summaries.assertPlanAllows(user);
    await this.runner.run(
      summaryDecider,
      summaryStream(recordingId),
      { type: 'EditSummary', content: body.content, expectedRevision: body.revision, now: this.runner.now() },
      { actor: this.recordings.actor(user) },
    );
    return this.summaries.view(user, recordingId);
  }
}

export const summaryCommandHandlers = [RequestSummaryHandler, CancelSummaryHandler, EditSummaryHandler];
