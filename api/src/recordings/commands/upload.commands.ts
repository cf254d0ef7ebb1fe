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
  recordingDecider,
  recordingStream,
  type TranscriptionOptions,
} from '@scrivo/domain/recordings';
import { ApiError } from '../../common/api-error';
import { CRASH_POINTS, type CrashPoints } from '../../common/crash-points';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { BLOB_STORE, IDS } from '../../infrastructure/tokens';
import {
  READ_MODELS_BEHIND_RETRY_SECONDS,
  onlyReadModelsBehind,
} from '../../infrastructure/projection-registry';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { MinutesLedger } from '../minutes-ledger';
import { toRecording } from '../recording-view';
import { MEDIA_TOOLKIT, originalKey } from '../recordings.tokens';
import { RecordingAccess } from '../support/recording-access';
import { isInfrastructureFailure, uploadNotFinishedYet, uploadNotStored } from '../support/storage-failure';
import { type IncomingFile, STATUS_FOR_MEDIA_CODE, titleFromFilename } from '../support/upload-input';

/** Stores the probed original and requests its transcription (reserving minutes, or QUOTA_EXCEEDED). */
const storeAndRequest = async (
  deps: { runner: StreamRunner; minutes: MinutesLedger; blobs: BlobStore; crash: CrashPoints },
  user: AuthenticatedUser,
  recordingId: string,
  file: IncomingFile,
  probed: ProbedMedia,
  context: { actor: Actor; correlationId: string },
) => {
  const { runner, minutes, blobs, crash } = deps;
  // Only the last step (the transcription's request) waits for the read models: see runWithoutReadBack.
  await runner.runWithoutReadBack(
    recordingDecider,
    recordingStream(recordingId),
    { type: 'RecordProbe', media: probed, now: runner.now() },
    context,
  );
  crash.reached('probed');
  await blobs.put(originalKey(recordingId), crash.midway(createReadStream(file.path)), {
    contentType: probed.mimeType,
    size: file.size,
  });
  await runner.runWithoutReadBack(
    recordingDecider,
    recordingStream(recordingId),
    { type: 'CompleteUpload', blobKey: originalKey(recordingId), sizeBytes: file.size, now: runner.now() },
    context,
  );
  crash.reached('stored');
  return minutes.requestTranscription(recordingId, user.plan, context.actor, context.correlationId);
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
      /** Into a workspace the caller may upload to (checked here); absent: their own space. */
      workspaceId?: string;
    },
  ) {
    super();
  }
}

/**
 * The upload was saved whole and only its read-back timed out. The recording's id lets a client follow it: a client
 * that took the 503 as "not saved" and sent the file again would be charged twice (issue 45's fault run, the data
 * folder's disk freed while the projections were still backing off).
 */
const savedButBehind = (recordingId: string) =>
  new ApiError(
    503,
    'READ_MODELS_BEHIND',
    'Your upload was saved and will be transcribed, but the server is busy catching up: it appears in your library in a moment. There is no need to upload it again.',
    { retryAfterSeconds: READ_MODELS_BEHIND_RETRY_SECONDS, recordingId },
  );

@CommandHandler(CreateRecordingFromFileCommand)
export class CreateRecordingFromFileHandler implements ICommandHandler<CreateRecordingFromFileCommand> {
  constructor(
    private readonly access: RecordingAccess,
    private readonly runner: StreamRunner,
    private readonly minutes: MinutesLedger,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(MEDIA_TOOLKIT) private readonly media: MediaToolkit,
    @Inject(CRASH_POINTS) private readonly crash: CrashPoints,
  ) {}

  async execute({ user, file, meta }: CreateRecordingFromFileCommand): Promise<Recording> {
    if (meta.workspaceId) await this.access.mayUploadInto(user, meta.workspaceId);
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
    const { runner } = this;
    await runner.runWithoutReadBack(
      recordingDecider,
      recordingStream(recordingId),
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
        workspaceId: meta.workspaceId ?? null,
        now: runner.now(),
      },
      context,
    );
    this.crash.reached('created');
    try {
      if (probed instanceof MediaRejectedError) await this.keepAsFile(recordingId, file, probed, context);
      else
        await storeAndRequest(
          { runner: this.runner, minutes: this.minutes, blobs: this.blobs, crash: this.crash },
          user,
          recordingId,
          file,
          probed,
          context,
        );
    } catch (error) {
      // Every step was saved and only their read-back timed out (the projector busy or restarting): the upload
      // stands, transcribed and charged, and the 503 says it was saved. Deleting it here left its minutes charged
      // for a recording the user never saw (issue 45's production fault run, the projector killed mid-upload).
      if (onlyReadModelsBehind(error)) throw savedButBehind(recordingId);
      // The refusal (e.g. no minutes left) is the answer: the half-made recording goes away with its bytes.
      await runner
        .run(
          recordingDecider,
          recordingStream(recordingId),
          { type: 'DeleteRecording', now: runner.now(), graceSeconds: 0 },
          context,
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
    await this.runner.run(
      recordingDecider,
      recordingStream(recordingId),
      {
        type: 'KeepUnreadableFile',
        code: refusal.code,
        message: refusal.message,
        blobKey: originalKey(recordingId),
        sizeBytes: file.size,
        now: this.runner.now(),
      },
      context,
    );
  }
}

/** tus: the recording exists from the first request, so the library shows it while bytes arrive. */
export class StartTusUploadCommand extends Command<string> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly uploadId: string,
    readonly meta: {
      filename: string;
      title?: string;
      options: TranscriptionOptions;
      size: number | null;
      workspaceId?: string;
    },
  ) {
    super();
  }
}

@CommandHandler(StartTusUploadCommand)
export class StartTusUploadHandler implements ICommandHandler<StartTusUploadCommand> {
  constructor(
    private readonly access: RecordingAccess,
    private readonly runner: StreamRunner,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ user, uploadId, meta }: StartTusUploadCommand): Promise<string> {
    if (meta.workspaceId) await this.access.mayUploadInto(user, meta.workspaceId);
    const recordingId = this.ids.next();
    await this.runner.run(
      recordingDecider,
      recordingStream(recordingId),
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
        workspaceId: meta.workspaceId ?? null,
        now: this.runner.now(),
      },
      { actor: this.access.actor(user) },
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
    private readonly runner: StreamRunner,
    private readonly minutes: MinutesLedger,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(MEDIA_TOOLKIT) private readonly media: MediaToolkit,
    @Inject(CRASH_POINTS) private readonly crash: CrashPoints,
  ) {}

  async execute({ user, recordingId, file }: FinishTusUploadCommand): Promise<void> {
    const context = { actor: this.access.actor(user), correlationId: this.access.correlationId() };
    const reject = (code: string, message: string) =>
      this.runner.run(
        recordingDecider,
        recordingStream(recordingId),
        { type: 'RejectRecording', code, message, now: this.runner.now() },
        context,
      );
    try {
      const probed = await this.media.probe(file.path);
      await storeAndRequest(
        { runner: this.runner, minutes: this.minutes, blobs: this.blobs, crash: this.crash },
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
        await this.runner.run(
          recordingDecider,
          recordingStream(recordingId),
          { type: 'DeleteRecording', now: this.runner.now(), graceSeconds: 0 },
          context,
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
    const { state } = await this.runner.load(recordingDecider, recordingStream(recordingId));
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
    private readonly runner: StreamRunner,
  ) {}

  async execute(c: ReportUploadProgressCommand): Promise<void> {
    await this.runner.run(
      recordingDecider,
      recordingStream(c.recordingId),
      {
        type: 'ReportUploadProgress',
        receivedBytes: c.receivedBytes,
        totalBytes: c.totalBytes,
        now: this.runner.now(),
      },
      { actor: this.access.actor({ id: c.ownerId }) },
    );
  }
}

export const uploadCommandHandlers = [
  CreateRecordingFromFileHandler,
  StartTusUploadHandler,
  FinishTusUploadHandler,
  ReportUploadProgressHandler,
];
