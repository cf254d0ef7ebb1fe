import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { All, Controller, Inject, Injectable, Req, Res, UseGuards } from '@nestjs/common';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import { UploadMetadata } from '@scrivo/contracts';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest, AuthenticatedUser } from '../common/auth/authenticated';
import { UserGuard } from '../common/auth/guards';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { parseOptions, RecordingsService } from './recordings.service';

const caller = new AsyncLocalStorage<AuthenticatedUser>();
const refuse = (status_code: number, message: string, code: string) => ({
  status_code,
  body: JSON.stringify({ error: message, code, message }),
});

/**
 * The tus endpoint (resumable uploads). Offsets live next to the bytes in a FileStore under the data directory:
 * one API process (or replicas sharing that directory) can resume any upload. Replicas without a shared disk
 * need a shared tus store (@tus/s3-store on the MinIO bucket); see docs/transcription.md.
 */
@Injectable()
export class TusUploads {
  readonly server: TusServer;
  private readonly directory: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly recordings: RecordingsService,
  ) {
    this.directory = join(config.SCRIVO_DATA_DIR, 'uploads');
    this.server = new TusServer({
      path: '/api/uploads',
      datastore: new FileStore({ directory: this.directory }),
      respectForwardedHeaders: false,
      exposedHeaders: ['X-Recording-Id'],
      maxSize: () => {
        const user = caller.getStore();
        return user ? this.recordings.maxUploadBytes(user) : 0;
      },
      onUploadCreate: async (_req, upload) => {
        const user = caller.getStore();
        if (!user) throw refuse(401, 'Please sign in to continue.', 'UNAUTHORIZED');
        const meta = UploadMetadata.safeParse(upload.metadata ?? {});
        if (!meta.success)
          throw refuse(400, 'Upload-Metadata needs at least a filename.', 'VALIDATION_FAILED');
        const max = this.recordings.maxUploadBytes(user);
        if (upload.size !== undefined && upload.size > max)
          throw refuse(
            413,
            `This file is larger than your plan's limit of ${Math.round(max / 1024 / 1024)} MB.`,
            'PAYLOAD_TOO_LARGE',
          );
        if (upload.size === 0) throw refuse(400, 'The file is empty (0 bytes).', 'EMPTY_FILE');
        try {
          await this.recordings.assertMinutesLeft(user);
        } catch (error) {
          throw refuse(402, (error as Error).message, 'QUOTA_EXCEEDED');
        }
        let options;
        try {
          options = parseOptions(meta.data.language, meta.data.translate);
        } catch (error) {
          throw refuse(400, (error as Error).message, 'VALIDATION_FAILED');
        }
        const recordingId = await this.recordings.createForUpload(user, upload.id, {
          filename: meta.data.filename,
          title: meta.data.title,
          options,
          size: upload.size ?? null,
        });
        return { metadata: { ...upload.metadata, recordingId, ownerId: user.id } };
      },
      onUploadFinish: async (_req, upload) => {
        const user = caller.getStore();
        const recordingId = upload.metadata?.recordingId;
        if (!user || !recordingId || upload.metadata?.ownerId !== user.id)
          throw refuse(404, 'Upload not found.', 'NOT_FOUND');
        await this.recordings.completeUpload(user, recordingId, {
          path: join(this.directory, upload.id),
          size: upload.offset,
          filename: upload.metadata?.filename ?? null,
        });
        await this.server.datastore.remove(upload.id).catch(() => undefined);
        return { headers: { 'X-Recording-Id': recordingId } };
      },
    });
  }

  handle(user: AuthenticatedUser, req: Request, res: Response): Promise<void> {
    return caller.run(user, () => this.server.handle(req, res));
  }
}

@Controller()
@UseGuards(UserGuard)
export class TusController {
  constructor(private readonly tus: TusUploads) {}

  @All(['api/uploads', 'api/uploads/*path'])
  async upload(@Req() req: AuthenticatedRequest, @Res() res: Response) {
    await this.tus.handle(req.user!, req, res);
  }
}
