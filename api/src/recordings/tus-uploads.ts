import { AsyncLocalStorage } from 'node:async_hooks';
import { All, Controller, Inject, Injectable, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EVENTS, Server as TusServer, type Upload } from '@tus/server';
import { UploadMetadata } from '@scrivo/contracts';
import { DomainError } from '@scrivo/domain';
import type { Request, Response } from 'express';
import { ApiError, statusForDomainCode } from '../common/api-error';
import type { AuthenticatedRequest, AuthenticatedUser } from '../common/auth/authenticated';
import { CRASH_POINTS, type CrashPoints } from '../common/crash-points';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { currentRequest } from '../common/request-context';
import { APP_CONFIG, type AppConfig, ownOrigins } from '../config/config';
import { DeleteRecordingCommand } from './commands/recording-lifecycle.commands';
import {
  FinishTusUploadCommand,
  ReportUploadProgressCommand,
  StartTusUploadCommand,
} from './commands/upload.commands';
import { TUS_STORAGE } from './recordings.tokens';
import { RecordingAccess } from './support/recording-access';
import { uploadNotFinishedYet } from './support/storage-failure';
import type { TusStorage } from './support/tus-storage';
import { parseOptions, STATUS_FOR_MEDIA_CODE } from './support/upload-input';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';

/** The signed-in caller of the request being handled, and the upload it may touch (set by the ownership check). */
const caller = new AsyncLocalStorage<{ user: AuthenticatedUser; res: Response; upload?: Upload }>();
/** The API's error shape, for answers the tus library writes itself. */
const errorBody = (code: string, message: string) =>
  JSON.stringify({ error: message, code, message, requestId: currentRequest()?.requestId });
const refuse = (status_code: number, message: string, code: string) => ({
  status_code,
  body: errorBody(code, message),
});

/**
 * The tus endpoint (resumable uploads). Offsets live next to the bytes (TUS_STORAGE): objects on the MinIO
 * bucket when the blob store is MinIO, so any replica resumes any upload; files under the data directory
 * otherwise (one API process, or replicas sharing that directory). See docs/transcription.md.
 */
@Injectable()
export class TusUploads {
  readonly server: TusServer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(TUS_STORAGE) readonly storage: TusStorage,
    private readonly access: RecordingAccess,
    private readonly commands: CommandBus,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    @Inject(CRASH_POINTS) private readonly crash: CrashPoints,
  ) {
    this.server = new TusServer({
      path: '/api/uploads',
      datastore: storage.datastore,
      respectForwardedHeaders: false,
      // Location is `/api/uploads/<id>`, never built from the Host or Forwarded headers.
      relativeLocation: true,
      allowedOrigins: [...ownOrigins(config)],
      exposedHeaders: ['X-Recording-Id'],
      // Ownership is checked on the id exactly as the tus server decoded it from the URL (percent-encoding,
      // trailing slash and all), right before it acts on that id: someone else's upload is a 404.
      onIncomingRequest: async (req, id) => {
        if (req.method === 'POST') return; // a new upload: the id was just made, nobody owns it yet
        const context = caller.getStore();
        if (!context) throw refuse(401, 'Please sign in to continue.', 'UNAUTHORIZED');
        const upload = await this.server.datastore.getUpload(id).catch(() => null);
        if (!upload || upload.metadata?.ownerId !== context.user.id)
          throw refuse(404, 'Upload not found.', 'NOT_FOUND');
        context.upload = upload;
        // Test-only (SCRIVO_TEST_CRASH_AT): dies as a PATCH continues an upload that has some of its bytes.
        if (req.method === 'PATCH' && upload.offset > 0) this.crash.reached('mid-write');
      },
      maxSize: () => {
        const user = caller.getStore()?.user;
        return user ? this.access.maxUploadBytes(user) : 0;
      },
      onUploadCreate: async (_req, upload) => {
        const { user, res } = caller.getStore() ?? {};
        if (!user) throw refuse(401, 'Please sign in to continue.', 'UNAUTHORIZED');
        // A key sent without a value (tus allows it) arrives as null: the same as not sent.
        const sent = Object.entries(upload.metadata ?? {}).filter(
          ([, value]) => value !== null && value !== undefined,
        );
        const meta = UploadMetadata.safeParse(Object.fromEntries(sent));
        if (!meta.success)
          throw refuse(400, 'Upload-Metadata needs at least a filename.', 'VALIDATION_FAILED');
        const max = this.access.maxUploadBytes(user);
        if (upload.size !== undefined && upload.size > max)
          throw refuse(
            413,
            `This file is larger than your plan's limit of ${Math.round(max / 1024 / 1024)} MB.`,
            'PAYLOAD_TOO_LARGE',
          );
        if (upload.size === 0) throw refuse(400, 'The file is empty (0 bytes).', 'EMPTY_FILE');
        try {
          await this.access.assertMinutesLeft(user);
        } catch (error) {
          throw refuse(402, (error as Error).message, 'QUOTA_EXCEEDED');
        }
        let options;
        try {
          options = parseOptions(meta.data);
        } catch (error) {
          throw refuse(400, (error as Error).message, 'VALIDATION_FAILED');
        }
        const recordingId = await this.commands
          .execute(
            new StartTusUploadCommand(user, upload.id, {
              filename: meta.data.filename,
              title: meta.data.title,
              options,
              size: upload.size ?? null,
              ...(meta.data.workspaceId ? { workspaceId: meta.data.workspaceId } : {}),
            }),
          )
          .catch((error: unknown) => {
            // A workspace the caller may not upload into (404 or 403) is answered in the API's error shape.
            if (error instanceof ApiError) throw refuse(error.getStatus(), error.message, error.code);
            if (error instanceof DomainError)
              throw refuse(statusForDomainCode(error.code), error.message, error.code);
            throw error;
          });
        this.crash.reached('created');
        // The library cannot add headers to the creation response; Node merges this one into it.
        res?.setHeader('X-Recording-Id', recordingId);
        return { metadata: { ...upload.metadata, recordingId, ownerId: user.id } };
      },
      onUploadFinish: async (_req, upload) => {
        const user = caller.getStore()?.user;
        const recordingId = upload.metadata?.recordingId;
        if (!user || !recordingId || upload.metadata?.ownerId !== user.id)
          throw refuse(404, 'Upload not found.', 'NOT_FOUND');
        this.crash.reached('last-byte');
        try {
          await this.finish(user, recordingId, upload, upload.metadata?.filename ?? null);
        } catch (error) {
          // The answer is the API's JSON error (the OS error names server paths).
          if (!(error instanceof ApiError) && !(error instanceof DomainError)) throw error;
          const status = error instanceof ApiError ? error.getStatus() : statusForDomainCode(error.code);
          if (Object.hasOwn(STATUS_FOR_MEDIA_CODE, error.code)) {
            // The file itself is refused (its recording is gone): nothing will ever finish it.
            this.logger.info({ code: error.code, recordingId }, 'tus upload refused: no readable audio');
            await this.storage.remove(upload.id).catch(() => undefined);
          } else {
            // Every byte is stored and HEAD says so, so the client will not send them again: the upload stays
            // for the upload recovery.
            this.logger.warn({ err: error.cause ?? error, recordingId }, 'tus upload not finished yet');
          }
          const retryAfter = error.details?.['retryAfterSeconds'];
          const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
          if (typeof retryAfter === 'number') headers['Retry-After'] = String(retryAfter);
          return { status_code: status, body: errorBody(error.code, error.message), headers };
        }
        await this.storage.remove(upload.id).catch(() => undefined);
        return { headers: { 'X-Recording-Id': recordingId } };
      },
    });
    // Errors the library answers itself (a failed write of a chunk) carry no OS message or path either.
    this.server.options.onResponseError = (_req, error) => {
      const known = error as { status_code?: number; body?: string };
      if (known.body?.startsWith('{')) return undefined;
      if (known.status_code && known.status_code < 500)
        return {
          status_code: known.status_code,
          body: errorBody('UPLOAD_REFUSED', known.body?.trim() ?? ''),
        };
      // A warning: a client that goes away mid-PATCH ends up here too.
      this.logger.warn({ err: error }, 'tus request failed');
      return {
        status_code: 503,
        body: errorBody(
          'STORAGE_UNAVAILABLE',
          'The upload could not be written right now. Please try again later.',
        ),
      };
    };
    // About once a second per upload (postReceiveInterval): the library and the SSE feed show the bytes arriving.
    this.server.on(EVENTS.POST_RECEIVE, (_req, upload) => {
      const { recordingId, ownerId } = upload.metadata ?? {};
      if (!recordingId || !ownerId || !upload.size) return;
      void this.commands
        .execute(new ReportUploadProgressCommand(ownerId, recordingId, upload.offset, upload.size))
        .catch(() => undefined);
    });
  }

  /** Probes and stores every byte of the upload (a local file: read in place, or downloaded from the bucket). */
  async finish(
    user: AuthenticatedUser,
    recordingId: string,
    upload: Pick<Upload, 'id' | 'offset'>,
    filename: string | null,
  ): Promise<void> {
    const file = await this.storage.localFile(upload.id).catch((error: unknown) => {
      throw Object.assign(uploadNotFinishedYet(), { cause: error });
    });
    try {
      await this.commands.execute(
        new FinishTusUploadCommand(user, recordingId, { path: file.path, size: upload.offset, filename }),
      );
    } finally {
      await file.release();
    }
  }

  async handle(user: AuthenticatedUser, req: Request, res: Response): Promise<void> {
    // Upload URLs are unguessable, but they are still checked like every other route (onIncomingRequest above).
    const context: { user: AuthenticatedUser; res: Response; upload?: Upload } = { user, res };
    await caller.run(context, () => this.server.handle(req, res));
    const { upload } = context;
    const recordingId = upload?.metadata?.recordingId;
    if (!upload || !recordingId) return;
    // A terminated upload (the user cancelled it) takes its half-made recording with it.
    if (req.method === 'DELETE' && res.statusCode === 204) {
      await this.commands.execute(new DeleteRecordingCommand(user, recordingId)).catch(() => undefined);
      return;
    }
    // POST_RECEIVE is throttled; the offset a PATCH ended (or a HEAD found) at is exact, so record that too.
    const offset = Number(res.getHeader('Upload-Offset'));
    if ((req.method === 'PATCH' || req.method === 'HEAD') && Number.isFinite(offset) && offset > 0) {
      const size = upload.size;
      if (size && offset < size)
        await this.commands
          .execute(new ReportUploadProgressCommand(user.id, recordingId, offset, size))
          .catch(() => undefined);
    }
  }
}

@Controller()
// The recordings API: the session, or an API key as a bearer token (docs/api-keys.md).
@UseGuards(UserOrApiKeyGuard)
export class TusController {
  constructor(private readonly tus: TusUploads) {}

  @All(['api/uploads', 'api/uploads/*path'])
  async upload(@Req() req: AuthenticatedRequest, @Res() res: Response) {
    await this.tus.handle(req.user!, req, res);
  }
}
