import { Controller, Inject, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { OPENAI_TRANSCRIPTIONS_PATH } from '@scrivo/contracts';
import type { Transcript } from '@scrivo/domain/recordings';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { CreateRecordingFromFileCommand } from '../recordings/commands/upload.commands';
import { receiveMultipart } from '../recordings/multipart-upload';
import { GetRecordingQuery, GetTranscriptQuery } from '../recordings/queries/recording.queries';
import { RecordingAccess } from '../recordings/support/recording-access';
import { ApiKeyOnlyGuard } from './support/api-key-only.guard';
import { formatTranscription } from './support/openai-formats';
import { OpenAiErrorFilter } from './support/openai-error.filter';
import { type OpenAiTranscriptionRequest, parseOpenAiRequest } from './support/openai-request';

const POLL_MS = 500;
const FINISHED = new Set(['completed', 'failed', 'cancelled']);

/**
 * `POST /v1/audio/transcriptions`, OpenAI's transcription call on top of the recordings API: the file is
 * uploaded as any script's upload is (a recording in the library, the owner's minutes), the request waits for
 * the transcript, and the answer is rendered by the library's exports in the format OpenAI clients expect.
 */
@Controller()
@UseGuards(ApiKeyOnlyGuard)
@UseFilters(OpenAiErrorFilter)
export class OpenAiTranscriptionsController {
  constructor(
    private readonly access: RecordingAccess,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(OPENAI_TRANSCRIPTIONS_PATH.slice(1))
  async transcribe(@CurrentUser() user: AuthenticatedUser, @Req() req: Request, @Res() res: Response) {
    await this.access.assertMinutesLeft(user);
    const upload = await receiveMultipart(req, this.access.maxUploadBytes(user));
    let request: OpenAiTranscriptionRequest;
    let recordingId: string;
    try {
      request = parseOpenAiRequest(upload.fields, upload.fieldValues);
      const recording = await this.commands.execute(
        new CreateRecordingFromFileCommand(user, upload, { options: request.options }),
      );
      recordingId = recording.id;
    } finally {
      await upload.cleanup();
    }
    const transcript = await this.waitForTranscript(user, recordingId, res);
    if (!transcript) return;
    const answer = formatTranscription(transcript, request.responseFormat, request.granularities);
    res.status(200).type(answer.contentType).send(answer.body);
  }

  /** The finished transcript, or null when the client went away (the recording carries on in the library). */
  private async waitForTranscript(
    user: AuthenticatedUser,
    recordingId: string,
    res: Response,
  ): Promise<Transcript | null> {
    const deadline = Date.now() + this.config.SCRIVO_OPENAI_WAIT_SECONDS * 1000;
    let gone = false;
    // The response closes before it is sent only when the client went away.
    res.once('close', () => {
      gone = true;
    });
    for (;;) {
      const doc = await this.queries.execute(new GetRecordingQuery(user, recordingId, 'uploader'));
      if (doc.status === 'completed') {
        const {
          id: _id,
          ownerId: _owner,
          ...transcript
        } = await this.queries.execute(new GetTranscriptQuery(user, recordingId, 'uploader'));
        return transcript;
      }
      if (FINISHED.has(doc.status))
        throw new ApiError(
          422,
          doc.error?.code ?? 'TRANSCRIPTION_FAILED',
          doc.error?.message ?? `The transcription was ${doc.status}.`,
          { recordingId },
        );
      if (gone) return null;
      if (Date.now() > deadline)
        throw new ApiError(
          504,
          'TRANSCRIPTION_TIMEOUT',
          `The transcription is still running after ${this.config.SCRIVO_OPENAI_WAIT_SECONDS} s; it will appear in your library as recording ${recordingId}.`,
          { recordingId },
        );
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
}
