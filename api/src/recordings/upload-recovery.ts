import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LocalBlobStore } from '@scrivo/adapters/blobs/local-blob-store';
import {
  type Actor,
  type BlobStore,
  type Clock,
  DomainError,
  type EventStore,
  foldEvents,
  type ReadModelStore,
  toDomainEvent,
} from '@scrivo/domain';
import { liveSessionDecider, liveSessionStream } from '@scrivo/domain/live';
import {
  EXPIRED_UPLOAD,
  RECORDINGS_COLLECTION,
  recordingDecider,
  type RecordingDoc,
  type RecordingState,
  recordingStream,
  type UploadOnDisk,
  UNCONFIRMED_RESERVATIONS_COLLECTION,
  type UnconfirmedReservationDoc,
  uploadRecoveryStep,
} from '@scrivo/domain/recordings';
import type { UserDocCore } from '../common/auth/authenticated';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { removeStaleSpool } from '../common/stale-temp';
import { BLOB_STORE, CLOCK, EVENT_STORE, READ_MODELS } from '../infrastructure/tokens';
import { PeriodicWork } from '../infrastructure/periodic-work';
import { StreamRunner } from '../infrastructure/stream-runner';
import { MinutesLedger } from './minutes-ledger';
import type { RecordingsConfig } from './recordings-config';
import { originalKey, RECORDINGS_CONFIG } from './recordings.tokens';
import { isGoneUpload } from './support/tus-storage';
import { TusUploads } from './tus-uploads';
import { STATUS_FOR_MEDIA_CODE } from './support/upload-input';
import { ApiError } from '../common/api-error';

/**
 * Finishes or refuses uploads that a crash (kill -9 between two steps) or a storage failure left 'uploading',
 * and removes resumable uploads nobody continued (SCRIVO_TUS_UPLOAD_EXPIRY_SECONDS) with their bytes, and the
 * temp files of killed processes. Runs in
 * every API process at start-up and every SCRIVO_UPLOAD_RECOVERY_INTERVAL_MS.
 *
 * Candidates come from the recordings read model (a checkpointed projection: nothing is replayed here); what to
 * do is decided from the recording's own events (domain/src/recordings/upload-recovery.ts). Every step is a
 * command keyed by the recording that the deciders make idempotent (a probe, a stored upload, a reservation
 * and a request each happen once per recording), so several processes recovering at once change nothing more
 * than one would.
 */
@Injectable()
export class UploadRecovery extends PeriodicWork implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly actor: Actor = { kind: 'system', id: 'upload-recovery' };

  constructor(
    @Inject(RECORDINGS_CONFIG) private readonly config: RecordingsConfig,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    private readonly runner: StreamRunner,
    private readonly minutes: MinutesLedger,
    private readonly tus: TusUploads,
  ) {
    super({
      intervalMs: config.SCRIVO_UPLOAD_RECOVERY_INTERVAL_MS,
      run: () => this.run(),
      onError: (error) => logger.error({ err: error }, 'upload recovery failed'),
    });
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** One pass: every stuck upload, then the resumable-upload files no upload needs any more. */
  async run(): Promise<void> {
    const stuck = await this.readModels
      .collection<RecordingDoc>(RECORDINGS_COLLECTION)
      .find({ status: 'uploading', deletedAt: null }, { limit: 1000 });
    for (const doc of stuck) {
      try {
        await this.recover(doc.id);
      } catch (error) {
        this.logger.warn({ err: error, recordingId: doc.id }, 'upload not recovered yet');
      }
    }
    await this.releaseUnconfirmedReservations();
    await this.removeOrphanedUploads();
    const pieces = await this.tus.storage.removeLeftovers(this.config.SCRIVO_UPLOAD_SETTLE_MS);
    if (pieces > 0) this.logger.info({ pieces }, 'pieces of removed resumable uploads cleared');
    // Leftovers of killed processes: multipart spool folders under /tmp, half-written blobs in blobs/.tmp.
    const spool = await removeStaleSpool();
    const temp = this.blobs instanceof LocalBlobStore ? await this.blobs.removeStaleTemp() : 0;
    if (spool + temp > 0) this.logger.info({ spool, temp }, 'temp files of killed processes removed');
  }

  private async recover(recordingId: string): Promise<void> {
    const { state, events } = await this.runner.load(recordingDecider, recordingStream(recordingId));
    const upload = state.uploadId ? await this.uploadOnDisk(state.uploadId) : null;
    const lastEventAt = Date.parse(events.at(-1)?.metadata.occurredAt ?? '1970-01-01T00:00:00Z');
    const step = uploadRecoveryStep({
      state,
      lastActivityAt: new Date(Math.max(lastEventAt, upload?.modifiedAt ?? 0)),
      now: this.clock.now(),
      settleMs: this.config.SCRIVO_UPLOAD_SETTLE_MS,
      expiryMs: this.config.SCRIVO_TUS_UPLOAD_EXPIRY_SECONDS * 1000,
      upload,
    });
    if (step.kind === 'wait') return;
    const ownerId = state.ownerId!;
    const log = { recordingId, step: step.kind };
    if (step.kind === 'request') {
      this.logger.warn(log, 'upload stored but not queued: requesting its transcription');
      await this.request(state);
    } else if (step.kind === 'finish') {
      this.logger.warn(log, 'resumable upload complete on disk but not finished: finishing it');
      const owner = await this.owner(ownerId);
      try {
        await this.tus.finish(owner, recordingId, { id: state.uploadId!, offset: upload!.offset }, null);
      } catch (error) {
        // A file with no readable audio is refused and its recording removed: its bytes go too.
        if (!(error instanceof ApiError && Object.hasOwn(STATUS_FOR_MEDIA_CODE, error.code))) throw error;
        this.logger.info(log, 'resumable upload refused: no readable audio');
      }
      await this.tus.storage.remove(state.uploadId!);
    } else if (step.kind === 'fail') {
      this.logger.warn(log, 'upload interrupted before its bytes were stored: refusing it');
      await this.refuse(state, step.code, step.message);
      await this.blobs.delete(originalKey(recordingId));
      if (state.uploadId) await this.tus.storage.remove(state.uploadId);
    } else {
      this.logger.info(log, 'resumable upload abandoned: removing it');
      await this.tus.storage.remove(state.uploadId!);
      await this.refuse(state, EXPIRED_UPLOAD.code, EXPIRED_UPLOAD.message);
      await this.runner.run(
        recordingDecider,
        recordingStream(recordingId),
        { type: 'DeleteRecording', now: this.runner.now(), graceSeconds: 0 },
        { actor: this.actor, correlationId: recordingId },
      );
    }
  }

  /**
   * Minutes reserved by a process that died before the transcription request followed (a retry of a failed
   * recording; an upload's own reservation is reused when its recovery requests it): given back unless the
   * recording has a live attempt or is still uploading (then the upload recovery requests it, reusing them).
   */
  private async releaseUnconfirmedReservations(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - this.config.SCRIVO_UPLOAD_SETTLE_MS).toISOString();
    const leftovers = await this.readModels
      .collection<UnconfirmedReservationDoc>(UNCONFIRMED_RESERVATIONS_COLLECTION)
      .find({ reservedAt: { $lt: before } }, { limit: 1000 });
    for (const reservation of leftovers) {
      const { state } = await this.runner.load(recordingDecider, recordingStream(reservation.id));
      const live = ['uploading', 'queued', 'transcribing', 'completed'].includes(state.status);
      if (state.exists && live && !state.deleted) continue;
      // A live session's hold is settled by the live-recordings reactor once the session stops.
      if (!state.exists && (await this.liveSessionUnsettled(reservation.id))) continue;
      this.logger.warn(
        { recordingId: reservation.id },
        'minutes reserved without a request: giving them back',
      );
      await this.minutes.releaseMinutes(
        reservation.ownerId,
        reservation.id,
        reservation.reservedAt,
        'failed',
        this.actor,
        reservation.id,
        { knownPeriod: reservation.period },
      );
    }
  }

  private async liveSessionUnsettled(sessionId: string): Promise<boolean> {
    const events = await this.events.readStream(liveSessionStream(sessionId));
    const session = foldEvents(liveSessionDecider, events.map(toDomainEvent));
    return session.exists && session.status !== 'finalized';
  }

  /** Requests the transcription with the owner's plan now; a refusal (no minutes left) is shown on the recording. */
  private async request(state: RecordingState): Promise<void> {
    const owner = await this.owner(state.ownerId!);
    try {
      await this.minutes.requestTranscription(state.id, owner.plan, this.actor, state.id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const fresh = (await this.runner.load(recordingDecider, recordingStream(state.id))).state;
      if (fresh.status !== 'uploading') return; // another process queued or refused it first
      await this.refuse(state, error.code, error.message);
    }
  }

  /** Marks the recording failed with the reason the user sees, and gives back any minutes it reserved. */
  private async refuse(state: RecordingState, code: string, message: string): Promise<void> {
    await this.runner.run(
      recordingDecider,
      recordingStream(state.id),
      { type: 'RejectRecording', code, message, now: this.runner.now() },
      { actor: this.actor, correlationId: state.id },
    );
    await this.minutes.releaseMinutes(state.ownerId!, state.id, null, 'failed', this.actor, state.id);
  }

  private async owner(ownerId: string) {
    const user = await this.readModels.collection<UserDocCore>('users').get(ownerId);
    return {
      id: ownerId,
      email: user?.email ?? '',
      plan: user?.plan ?? 'free',
      language: user?.language ?? 'en',
    };
  }

  /** The resumable upload as the tus store has it; null once it is gone (an unreachable store is an error). */
  private async uploadOnDisk(uploadId: string): Promise<(UploadOnDisk & { modifiedAt: number }) | null> {
    const { storage } = this.tus;
    try {
      const upload = await storage.datastore.getUpload(uploadId);
      const modifiedAt = await storage.lastWrite(uploadId);
      if (modifiedAt === null) return null;
      return { offset: upload.offset, size: upload.size ?? null, modifiedAt };
    } catch (error) {
      if (isGoneUpload(error)) return null;
      throw error;
    }
  }

  /**
   * Uploads whose recording no longer waits for them: queued or refused after a crash between the last step
   * and the removal of the upload, or deleted. Uploads without a recording are removed once expired.
   */
  private async removeOrphanedUploads(): Promise<void> {
    const { storage } = this.tus;
    const now = this.clock.now().getTime();
    for (const { id: uploadId, createdAt } of await storage.list()) {
      const upload = await storage.datastore.getUpload(uploadId).catch((error: unknown) => {
        if (isGoneUpload(error)) return null;
        throw error;
      });
      const recordingId = upload?.metadata?.recordingId;
      if (!recordingId) {
        if (now - createdAt > this.config.SCRIVO_TUS_UPLOAD_EXPIRY_SECONDS * 1000)
          await storage.remove(uploadId);
        continue;
      }
      const { state } = await this.runner.load(recordingDecider, recordingStream(recordingId));
      if (state.exists && state.status === 'uploading' && !state.deleted) continue;
      if (now - createdAt < this.config.SCRIVO_UPLOAD_SETTLE_MS) continue;
      await storage.remove(uploadId);
    }
  }
}
