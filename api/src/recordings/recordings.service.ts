import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import type { DeletedRecording, Recording, RecordingList, Usage } from '@scrivo/contracts';
import {
  type Actor,
  type BlobStore,
  type Clock,
  type Filter,
  type Ids,
  NotFoundError,
  type ReadModelStore,
} from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import {
  MediaRejectedError,
  type MediaToolkit,
  maxUploadBytesFor,
  PLAN_LIMITS,
  RECORDINGS_COLLECTION,
  type RecordingDoc,
  TRANSCRIPTS_COLLECTION,
  type TranscriptDoc,
  type TranscriptionOptions,
  usagePeriod,
} from '@scrivo/domain/recordings';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { currentRequest } from '../common/request-context';
import { Projections } from '../infrastructure/projection-registry';
import { BLOB_STORE, CLOCK, IDS, READ_MODELS } from '../infrastructure/tokens';
import { RecordingCommands } from './recording-commands';
import { toListItem, toRecording } from './recording-view';
import type { RecordingsConfig } from './recordings-config';

export const RECORDINGS_CONFIG = Symbol('RecordingsConfig');
export const MEDIA_TOOLKIT = Symbol('MediaToolkit');
export const JOB_QUEUE = Symbol('JobQueue');

export const originalKey = (recordingId: string) => `recordings/${recordingId}/original`;

export interface IncomingFile {
  readonly path: string;
  readonly size: number;
  readonly filename: string | null;
}

const STATUS_FOR_MEDIA_CODE: Record<MediaRejectedError['code'], number> = {
  EMPTY_FILE: 400,
  UNSUPPORTED_MEDIA: 415,
  CORRUPT_MEDIA: 415,
  NO_AUDIO_STREAM: 422,
};

/** Turns "meeting_notes-2026.mp3" into "meeting notes 2026". */
const titleFromFilename = (filename: string | null): string =>
  (filename ?? '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, 200) || 'Untitled recording';

export const parseOptions = (
  language: string | undefined,
  translate: string | undefined,
): TranscriptionOptions => {
  const lang = (language ?? '').trim().toLowerCase();
  if (lang && lang !== 'auto' && !/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(lang))
    throw new ApiError(
      400,
      'VALIDATION_FAILED',
      `"${language}" is not a language code (use e.g. "en", "fr" or "auto").`,
    );
  return {
    language: lang && lang !== 'auto' ? lang.split('-')[0]! : null,
    translate: translate === 'true' || translate === '1',
  };
};

@Injectable()
export class RecordingsService {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(RECORDINGS_CONFIG) private readonly config: RecordingsConfig,
    @Inject(MEDIA_TOOLKIT) private readonly media: MediaToolkit,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    readonly commands: RecordingCommands,
    private readonly projections: Projections,
  ) {}

  private actor(user: AuthenticatedUser): Actor {
    return { kind: 'user', id: user.id };
  }
  private correlationId(): string {
    return currentRequest()?.requestId ?? randomUUID();
  }

  maxUploadBytes(user: AuthenticatedUser): number {
    return maxUploadBytesFor(user.plan, this.config.SCRIVO_MAX_UPLOAD_BYTES);
  }

  async usage(user: AuthenticatedUser): Promise<Usage> {
    const period = usagePeriod(this.clock.now());
    const used = (await this.commands.usedSeconds(user.id)) / 60;
    const allowed = PLAN_LIMITS[user.plan].minutesPerMonth;
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      plan: user.plan,
      minutesUsed: round(used),
      minutesAllowed: allowed,
      minutesLeft: allowed === null ? null : Math.max(0, Math.floor((allowed - used) * 10) / 10),
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      maxUploadBytes: this.maxUploadBytes(user),
    };
  }

  /** Refuses at once when the account has no minutes left (before any bytes are sent). */
  async assertMinutesLeft(user: AuthenticatedUser): Promise<void> {
    const usage = await this.usage(user);
    if (usage.minutesLeft !== null && usage.minutesLeft <= 0)
      throw new ApiError(
        402,
        'QUOTA_EXCEEDED',
        `You have no transcription minutes left this month (0 of ${usage.minutesAllowed}). Upgrade your plan or wait until ${usage.periodEnd.slice(0, 10)}.`,
      );
  }

  /** A whole file already on local disk (multipart): probe, reserve minutes, store, queue. Nothing is kept on refusal. */
  async createFromFile(
    user: AuthenticatedUser,
    file: IncomingFile,
    meta: { title?: string; options: TranscriptionOptions },
  ): Promise<Recording> {
    const probed = await this.probe(file.path);
    const recordingId = this.ids.next();
    const actor = this.actor(user);
    const correlationId = this.correlationId();
    await this.commands.run(
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
        now: this.commands.now(),
      },
      actor,
      correlationId,
    );
    try {
      await this.commands.run(
        recordingId,
        { type: 'RecordProbe', media: probed, now: this.commands.now() },
        actor,
        correlationId,
      );
      await this.blobs.put(originalKey(recordingId), createReadStream(file.path), {
        contentType: probed.mimeType,
        size: file.size,
      });
      await this.commands.run(
        recordingId,
        {
          type: 'CompleteUpload',
          blobKey: originalKey(recordingId),
          sizeBytes: file.size,
          now: this.commands.now(),
        },
        actor,
        correlationId,
      );
      const result = await this.commands.requestTranscription(recordingId, user.plan, actor, correlationId);
      await this.projections.waitFor(result.lastPosition);
    } catch (error) {
      // The refusal (e.g. no minutes left) is the answer: the half-made recording goes away with its bytes.
      await this.commands
        .run(
          recordingId,
          { type: 'DeleteRecording', now: this.commands.now(), graceSeconds: 0 },
          actor,
          correlationId,
        )
        .catch(() => undefined);
      await this.blobs.delete(originalKey(recordingId)).catch(() => undefined);
      throw error;
    }
    return toRecording(await this.doc(user, recordingId));
  }

  /** tus: the recording exists from the first request, so the library shows it while bytes arrive. */
  async createForUpload(
    user: AuthenticatedUser,
    uploadId: string,
    meta: { filename: string; title?: string; options: TranscriptionOptions; size: number | null },
  ): Promise<string> {
    const recordingId = this.ids.next();
    const result = await this.commands.run(
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
      this.actor(user),
      this.correlationId(),
    );
    await this.projections.waitFor(result.lastPosition);
    return recordingId;
  }

  /** tus upload finished: probe; a bad file or missing minutes mark the recording failed with the reason. */
  async completeUpload(user: AuthenticatedUser, recordingId: string, file: IncomingFile): Promise<void> {
    const actor = this.actor(user);
    const correlationId = this.correlationId();
    const reject = (code: string, message: string) =>
      this.commands.run(
        recordingId,
        { type: 'RejectRecording', code, message, now: this.commands.now() },
        actor,
        correlationId,
      );
    try {
      const probed = await this.media.probe(file.path);
      await this.commands.run(
        recordingId,
        { type: 'RecordProbe', media: probed, now: this.commands.now() },
        actor,
        correlationId,
      );
      await this.blobs.put(originalKey(recordingId), createReadStream(file.path), {
        contentType: probed.mimeType,
        size: file.size,
      });
      await this.commands.run(
        recordingId,
        {
          type: 'CompleteUpload',
          blobKey: originalKey(recordingId),
          sizeBytes: file.size,
          now: this.commands.now(),
        },
        actor,
        correlationId,
      );
      await this.commands.requestTranscription(recordingId, user.plan, actor, correlationId);
    } catch (error) {
      if (error instanceof MediaRejectedError) await reject(error.code, error.message);
      else if (
        error instanceof Error &&
        'code' in error &&
        (error as { code: string }).code === 'QUOTA_EXCEEDED'
      )
        await reject('QUOTA_EXCEEDED', error.message);
      else throw error;
    }
  }

  async abandonUpload(user: AuthenticatedUser, recordingId: string): Promise<void> {
    await this.commands.run(
      recordingId,
      { type: 'DeleteRecording', now: this.commands.now(), graceSeconds: 0 },
      this.actor(user),
      this.correlationId(),
    );
  }

  private async probe(path: string) {
    try {
      return await this.media.probe(path);
    } catch (error) {
      if (error instanceof MediaRejectedError)
        throw new ApiError(STATUS_FOR_MEDIA_CODE[error.code], error.code, error.message);
      throw error;
    }
  }

  /** The caller's recording, or 404 (also for another user's id and for deleted ones). */
  async doc(user: AuthenticatedUser, id: string, options: { deleted?: boolean } = {}): Promise<RecordingDoc> {
    const doc = await this.readModels.collection<RecordingDoc>(RECORDINGS_COLLECTION).get(id);
    if (!doc || doc.ownerId !== user.id || (doc.deletedAt !== null && !options.deleted))
      throw new NotFoundError('Recording', id);
    return doc;
  }

  async list(
    user: AuthenticatedUser,
    query: {
      page: number;
      pageSize: number;
      q?: string;
      sort: 'date' | 'title' | 'duration';
      order: 'asc' | 'desc';
    },
  ): Promise<RecordingList> {
    const base: Filter = { ownerId: user.id, deletedAt: null };
    const filter: Filter = query.q
      ? {
          $or: [
            { ...base, title: { $contains: query.q } },
            { ...base, searchText: { $contains: query.q } },
          ],
        }
      : base;
    const field = { date: 'createdAt', title: 'title', duration: 'durationSeconds' }[query.sort];
    const collection = this.readModels.collection<RecordingDoc>(RECORDINGS_COLLECTION);
    const [docs, total] = await Promise.all([
      collection.find(filter, {
        sort: [
          { field, direction: query.order },
          { field: 'id', direction: 'asc' },
        ],
        skip: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      }),
      collection.count(filter),
    ]);
    return {
      items: docs.map((d) => toListItem(d, query.q)),
      page: query.page,
      pageSize: query.pageSize,
      total,
    };
  }

  private async write(
    user: AuthenticatedUser,
    id: string,
    command: Parameters<RecordingCommands['run']>[1],
  ): Promise<void> {
    const result = await this.commands.run(id, command, this.actor(user), this.correlationId());
    await this.projections.waitFor(result.lastPosition);
  }

  async rename(user: AuthenticatedUser, id: string, title: string): Promise<Recording> {
    await this.doc(user, id);
    await this.write(user, id, { type: 'RenameRecording', title, now: this.commands.now() });
    return toRecording(await this.doc(user, id));
  }

  async remove(user: AuthenticatedUser, id: string): Promise<DeletedRecording> {
    const doc = await this.doc(user, id);
    if (doc.status === 'queued' || doc.status === 'transcribing') await this.cancel(user, id);
    await this.write(user, id, {
      type: 'DeleteRecording',
      now: this.commands.now(),
      graceSeconds: this.config.SCRIVO_RESTORE_GRACE_SECONDS,
    });
    const deleted = await this.doc(user, id, { deleted: true });
    return { id, deletedAt: deleted.deletedAt!, restorableUntil: deleted.restorableUntil! };
  }

  async restore(user: AuthenticatedUser, id: string): Promise<Recording> {
    await this.doc(user, id, { deleted: true });
    await this.write(user, id, { type: 'RestoreRecording', now: this.commands.now() });
    return toRecording(await this.doc(user, id));
  }

  async cancel(user: AuthenticatedUser, id: string): Promise<Recording> {
    const doc = await this.doc(user, id);
    const correlationId = this.correlationId();
    await this.write(user, id, { type: 'CancelTranscription', now: this.commands.now() });
    if (doc.jobId) await this.jobs.cancel(doc.jobId, { correlationId });
    if (doc.requestedAt)
      await this.commands.releaseMinutes(
        user.id,
        id,
        doc.requestedAt,
        'cancelled',
        this.actor(user),
        correlationId,
      );
    return toRecording(await this.doc(user, id));
  }

  async retry(user: AuthenticatedUser, id: string): Promise<Recording> {
    await this.doc(user, id);
    const result = await this.commands.requestTranscription(
      id,
      user.plan,
      this.actor(user),
      this.correlationId(),
    );
    await this.projections.waitFor(result.lastPosition);
    return toRecording(await this.doc(user, id));
  }

  async transcript(user: AuthenticatedUser, id: string): Promise<TranscriptDoc> {
    const doc = await this.doc(user, id);
    const transcript = await this.readModels.collection<TranscriptDoc>(TRANSCRIPTS_COLLECTION).get(id);
    if (doc.status !== 'completed' || !transcript)
      throw new ApiError(
        409,
        'TRANSCRIPT_NOT_READY',
        `The transcript is not ready yet (the recording is ${doc.status}).`,
      );
    return transcript;
  }
}
