import { createReadStream } from 'node:fs';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Recording } from '@scrivo/contracts';
import type { Actor, BlobStore, Ids } from '@scrivo/domain';
import {
  isUnreadableFileCode,
  MediaRejectedError,
  type MediaToolkit,
  type ProbedMedia,
  type TranscriptionOptions,
} from '@scrivo/domain/recordings';
import { ApiError } from '../../common/api-error';
import { crashMidway, crashPoint } from '../../common/crash-point';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { BLOB_STORE, IDS } from '../../infrastructure/tokens';
import { RecordingCommands } from '../recording-commands';
import { toRecording } from '../recording-view';
import { MEDIA_TOOLKIT, originalKey } from '../recordings.tokens';
import { RecordingAccess } from '../support/recording-access';
import { isInfrastructureFailure, uploadNotFinishedYet, uploadNotStored } from '../support/storage-failure';
import { type IncomingFile, STATUS_FOR_MEDIA_CODE, titleFromFilename } from '../support/upload-input';

/** Stores the probed original and requests its transcription (reserving minutes, or QUOTA_EXCEEDED). */
const storeAndRequest = async (
  deps: { commands: RecordingCommands; blobs: BlobStore },
  user: AuthenticatedUser,
  recordingId: string,
  file: IncomingFile,
  probed: ProbedMedia,
  context: { actor: Actor; correlationId: string },
) => {
  const { commands, blobs } = deps;
  await commands.run(
    recordingId,
    { type: 'RecordProbe', media: probed, now: commands.now() },
    context.actor,
    context.correlationId,
  );
  crashPoint('probed');
  await blobs.put(originalKey(recordingId), crashMidway(createReadStream(file.path)), {
    contentType: probed.mimeType,
    size: file.size,
  });
  await commands.run(
    recordingId,
    { type: 'CompleteUpload', blobKey: originalKey(recordingId), sizeBytes: file.size, now: commands.now() },
    context.actor,
    context.correlationId,
  );
  crashPoint('stored');
  return commands.requestTranscription(recordingId, user.plan, context.actor, context.correlationId);
};

/**
 * POST /api/recordings: a whole file already on local disk. Nothing is kept on refusal, unless the owner asked
 * to keep a file whose audio cannot be read (`keepUnreadable`, after that refusal): then it is stored as a file.
 */
export class CreateRecordingFromFileCommand extends Command<Recording> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly file: IncomingFile,
    readonly meta: {
      title?: string;
      options: TranscriptionOptions;
      keepUnreadable?: boolean;
    },
  ) {
    super();
  }
}

@CommandHandler(CreateRecordingFromFileCommand)
export class CreateRecordingFromFileHandler implements ICommandHandler<CreateRecordingFromFileCommand> {
  constructor(
    private readonly access: RecordingAccess,
    private readonly commands: RecordingCommands,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(MEDIA_TOOLKIT) private readonly media: MediaToolkit,
  ) {}

  async execute({ user, file, meta }: CreateRecordingFromFileCommand): Promise<Recording> {
    let probed: ProbedMedia | MediaRejectedError;
    try {
      probed = await this.media.probe(file.path);
    } catch (error) {
      if (!(error instanceof MediaRejectedError)) throw error;
      if (!meta.keepUnreadable || !isUnreadableFileCode(error.code))
        throw new ApiError(STATUS_FOR_MEDIA_CODE[error.code], error.code, error.message);
      probed = error;
    }
    const recordingId = this.ids.next();
    const context = { actor: this.access.actor(user), correlationId: this.access.correlationId() };
    const { commands } = this;
    await commands.run(
      recordingId,
      {
        type: 'CreateRecording',
        recordingId,
        ownerId: user.id,
        title: meta.title?.trim() || titleFromFilename(file.filename),
        originalFilename: file.filename,
        source: 'multipart',
        uploadId: null,
        declaredSizeBytes: file.size,
        options: meta.options,
        now: commands.now(),
      },
      context.actor,
      context.correlationId,
    );
    crashPoint('created');
    try {
      if (probed instanceof MediaRejectedError) await this.keepAsFile(recordingId, file, probed, context);
      else
        await storeAndRequest(
          { commands: this.commands, blobs: this.blobs },
          user,
          recordingId,
          file,
          probed,
          context,
        );
    } catch (error) {
      // The refusal (e.g. no minutes left) is the answer: the half-made recording goes away with its bytes.
      await commands
        .run(
          recordingId,
          { type: 'DeleteRecording', now: commands.now(), graceSeconds: 0 },
          context.actor,
          context.correlationId,
        )
        .catch(() => undefined);
      await this.blobs.delete(originalKey(recordingId)).catch(() => undefined);
      throw isInfrastructureFailure(error) ? uploadNotStored() : error;
    }
    return toRecording(await this.access.written(recordingId));
  }

  /** Stores the bytes as they came and marks the recording unreadable: no minutes, no job. */
  private async keepAsFile(
    recordingId: string,
    file: IncomingFile,
    refusal: MediaRejectedError,
    context: { actor: Actor; correlationId: string },
  ): Promise<void> {
    // The content is not audio whatever its name says, so it is served as plain bytes.
    await this.blobs.put(originalKey(recordingId), createReadStream(file.path), {
      contentType: 'application/octet-stream',
      size: file.size,
    });
    await this.commands.run(
      recordingId,
      {
        type: 'KeepUnreadableFile',
        code: refusal.code,
        message: refusal.message,
        blobKey: originalKey(recordingId),
        sizeBytes: file.size,
        now: this.commands.now(),
      },
      context.actor,
      context.correlationId,
    );
  }
}

/** tus: the recording exists from the first request, so the library shows it while bytes arrive. */
export class StartTusUploadCommand extends Command<string> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly uploadId: string,
    readonly meta: { filename: string; title?: string; options: TranscriptionOptions; size: number | null },
  ) {
    super();
  }
}

@CommandHandler(StartTusUploadCommand)
export class StartTusUploadHandler implements ICommandHandler<StartTusUploadCommand> {
  constructor(
    private readonly access: RecordingAccess,
    private readonly commands: RecordingCommands,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ user, uploadId, meta }: StartTusUploadCommand): Promise<string> {
    const recordingId = this.ids.next();
    await this.commands.run(
      recordingId,
      {
        type: 'CreateRecording',
        recordingId,
        ownerId: user.id,
        title: meta.title?.trim() || titleFromFilename(meta.filename),
        originalFilename: meta.filename,
        source: 'tus',
        uploadId,
        declaredSizeBytes: meta.size,
        options: meta.options,
        now: this.commands.now(),
      },
      this.access.actor(user),
      this.access.correlationId(),
    );
    return recordingId;
  }
}

/**
 * tus upload finished: probe. A file with no readable audio is refused with its 4xx and its recording removed;
 * missing minutes mark the recording failed with the reason.
 */
export class FinishTusUploadCommand extends Command<void> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
    readonly file: IncomingFile,
  ) {
    super();
  }
}

@CommandHandler(FinishTusUploadCommand)
export class FinishTusUploadHandler implements ICommandHandler<FinishTusUploadCommand> {
  constructor(
    private readonly access: RecordingAccess,
    private readonly commands: RecordingCommands,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(MEDIA_TOOLKIT) private readonly media: MediaToolkit,
  ) {}

  async execute({ user, recordingId, file }: FinishTusUploadCommand): Promise<void> {
    const context = { actor: this.access.actor(user), correlationId: this.access.correlationId() };
    const reject = (code: string, message: string) =>
      this.commands.run(
        recordingId,
        { type: 'RejectRecording', code, message, now: this.commands.now() },
        context.actor,
        context.correlationId,
      );
    try {
      const probed = await this.media.probe(file.path);
      await storeAndRequest(
        { commands: this.commands, blobs: this.blobs },
        user,
        recordingId,
        file,
        probed,
        context,
      );
    } catch (error) {
      if (error instanceof MediaRejectedError) {
        // Said at once to the uploader (the final PATCH answers the 4xx), and no "failed" entry is left
        // behind: no retry could make the file readable. The rejection stays in the stream's history.
        await reject(error.code, error.message);
        await this.commands.run(
          recordingId,
          { type: 'DeleteRecording', now: this.commands.now(), graceSeconds: 0 },
          context.actor,
          context.correlationId,
        );
        throw new ApiError(STATUS_FOR_MEDIA_CODE[error.code], error.code, error.message);
      } else if (error instanceof Error && 'code' in error && error.code === 'QUOTA_EXCEEDED')
        await reject('QUOTA_EXCEEDED', error.message);
      else if (await this.queuedMeanwhile(recordingId)) return;
      // The bytes stay on disk; the upload recovery finishes the recording once storage works again.
      else if (isInfrastructureFailure(error)) throw Object.assign(uploadNotFinishedYet(), { cause: error });
      else throw error;
    }
  }

  /** Another process (the upload recovery, a second PATCH) finished this upload while we were at it. */
  private async queuedMeanwhile(recordingId: string): Promise<boolean> {
    const { state } = await this.commands.load(recordingId);
    return state.status === 'queued' || state.status === 'transcribing' || state.status === 'completed';
  }
}

/** Bytes of a tus upload arrived: the recording's progress while 'uploading'. */
export class ReportUploadProgressCommand extends Command<void> {
  constructor(
    readonly ownerId: string,
    readonly recordingId: string,
    readonly receivedBytes: number,
    readonly totalBytes: number,
  ) {
    super();
  }
}

@CommandHandler(ReportUploadProgressCommand)
export class ReportUploadProgressHandler implements ICommandHandler<ReportUploadProgressCommand> {
  constructor(
    private readonly access: RecordingAccess,
    private readonly commands: RecordingCommands,
  ) {}

  async execute(c: ReportUploadProgressCommand): Promise<void> {
    await this.commands.run(
      c.recordingId,
      {
        type: 'ReportUploadProgress',
        receivedBytes: c.receivedBytes,
        totalBytes: c.totalBytes,
        now: this.commands.now(),
      },
      this.access.actor({ id: c.ownerId }),
      this.access.correlationId(),
    );
  }
}

export const uploadCommandHandlers = [
  CreateRecordingFromFileHandler,
  StartTusUploadHandler,
  FinishTusUploadHandler,
  ReportUploadProgressHandler,
];
