import type { Actor, BlobStore, EventStore, ReadModelStore } from '@scrivo/domain';
import { escapeHtml, type Mailer, USERS, type UserDoc } from '@scrivo/domain/accounts';
import type { ClaimedJob, JobQueue } from '@scrivo/domain/jobs';
import { DATA_EXPORT_JOB, dataExportDecider, dataExportStream } from '@scrivo/domain/privacy';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import type { WorkerLogger } from '../../recordings/transcription-worker';
import { buildArchive } from './archive-builder';
import { ZipStream } from './zip-stream';

export const exportBlobKey = (exportId: string) => `exports/${exportId}/scrivo-data.zip`;

/**
 * Builds the archives of "Download my data" (jobs of kind `data-export`): streams the zip into the blob store,
 * reports progress on the export's stream, completes it, and emails its owner the link. A retried attempt
 * (the process died half-way) writes the same blob again from the start; a finished export decides nothing more.
 */
export class DataExportWorker {
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;
  private readonly actor: Actor;

  constructor(
    private readonly deps: {
      readonly workerId: string;
      readonly jobs: JobQueue;
      readonly runner: StreamRunner;
      readonly readModels: ReadModelStore;
      readonly events: EventStore;
      readonly blobs: BlobStore;
      readonly mailer: Mailer;
      readonly publicUrl: string;
      readonly logger: WorkerLogger;
    },
  ) {
    this.actor = { kind: 'worker', id: deps.workerId };
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.abort.signal.aborted) {
      try {
        const job = await this.deps.jobs.claim(this.deps.workerId, [DATA_EXPORT_JOB]);
        if (job) await this.run(job);
        else await this.deps.jobs.waitForWork(5_000, this.abort.signal);
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.deps.logger.error({ err: error }, 'data export loop error');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  private record(job: ClaimedJob, command: Parameters<typeof dataExportDecider.decide>[0]) {
    return this.deps.runner.run(dataExportDecider, dataExportStream(job.subjectId), command, {
      actor: this.actor,
      correlationId: job.jobId,
    });
  }

  async run(job: ClaimedJob): Promise<void> {
    const { jobs, blobs, logger } = this.deps;
    const exportId = job.subjectId;
    const { state } = await this.deps.runner.load(dataExportDecider, dataExportStream(exportId));
    if (!state.exists || state.status !== 'building') return jobs.complete(job);
    const key = exportBlobKey(exportId);
    try {
      const zip = new ZipStream();
      const writing = blobs.put(key, zip.bytes(), { contentType: 'application/zip' });
      try {
        await buildArchive(this.deps, job.ownerId, zip, async (done) => {
          await jobs.heartbeat(job);
          await this.record(job, {
            type: 'ReportExportProgress',
            progress: done * 0.99,
            at: this.deps.runner.now(),
          });
        });
        zip.end();
      } catch (error) {
        zip.abort(error instanceof Error ? error : new Error(String(error)));
        await writing.catch(() => undefined);
        throw error;
      }
      const stored = await writing;
      await this.record(job, {
        type: 'CompleteDataExport',
        blobKey: key,
        sizeBytes: stored.size,
        at: this.deps.runner.now(),
      });
      await jobs.complete(job);
      await this.mailOwner(job.ownerId);
    } catch (error) {
      logger.error({ err: error, exportId }, 'data export failed');
      const { willRetry } = await jobs.fail(
        job,
        error instanceof Error ? error.message : String(error),
        true,
      );
      if (!willRetry) {
        await blobs.delete(key);
        await this.record(job, {
          type: 'FailDataExport',
          reason: 'The archive could not be built. Please try again.',
          at: this.deps.runner.now(),
        });
      }
    }
  }

  /** The link goes to the page (the download needs the session), never straight to the file. */
  private async mailOwner(userId: string): Promise<void> {
    const user = await this.deps.readModels.collection<UserDoc>(USERS).get(userId);
    if (!user) return;
    const link = `${this.deps.publicUrl.replace(/\/$/, '')}/data-privacy`;
    try {
      await this.deps.mailer.send({
        to: user.email,
        subject: 'Your Scrivo data is ready to download',
        text: `The archive of your data is ready. Download it from ${link} within 24 hours; after that, ask for a new one.`,
        html: `<p>The archive of your data is ready.</p><p><a href="${escapeHtml(link)}">Download it</a> within 24 hours; after that, ask for a new one.</p>`,
        tag: 'data-export-ready',
      });
    } catch (error) {
      this.deps.logger.error({ err: error }, 'data export email could not be sent');
    }
  }
}
