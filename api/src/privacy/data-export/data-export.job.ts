import type { Actor, BlobStore, EventStore, ReadModelStore } from '@scrivo/domain';
import { escapeHtml, type Mailer, USERS, type UserDoc } from '@scrivo/domain/accounts';
import type { ClaimedJob, JobQueue } from '@scrivo/domain/jobs';
import {
  DATA_EXPORT_JOB,
  type DataExportCommand,
  dataExportDecider,
  dataExportStream,
} from '@scrivo/domain/privacy';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import type { JobHandler } from '../../jobs/job-handler';
import type { WorkerLogger } from '../../jobs/worker-logger';
import { buildArchive } from './archive-builder';
import { ZipStream } from './zip-stream';

export const exportBlobKey = (exportId: string) => `exports/${exportId}/scrivo-data.zip`;

export interface DataExportJobDeps {
  readonly workerId: string;
  readonly jobs: JobQueue;
  readonly runner: StreamRunner;
  readonly readModels: ReadModelStore;
  readonly events: EventStore;
  readonly blobs: BlobStore;
  readonly mailer: Mailer;
  readonly publicUrl: string;
  readonly logger: WorkerLogger;
}

/**
 * Builds the archives of "Download my data" (jobs of kind `data-export`): streams the zip into the blob store,
 * reports progress on the export's stream, completes it, and emails its owner the link. A retried attempt
 * (the process died half-way) writes the same blob again from the start; a finished export decides nothing more.
 */
export const dataExportJobHandler = (deps: DataExportJobDeps): JobHandler => {
  const actor: Actor = { kind: 'worker', id: deps.workerId };
  const record = (job: ClaimedJob, command: DataExportCommand) =>
    deps.runner.run(dataExportDecider, dataExportStream(job.subjectId), command, {
      actor,
      correlationId: job.jobId,
    });

  return {
    kind: DATA_EXPORT_JOB,

    // Nobody cancels an export: one that is no longer building (done, failed) is skipped by `run`.
    stillWanted: async () => 'wanted',

    async run(job) {
      const { state } = await deps.runner.load(dataExportDecider, dataExportStream(job.subjectId));
      if (!state.exists || state.status !== 'building') return;
      const key = exportBlobKey(job.subjectId);
      const zip = new ZipStream();
      const writing = deps.blobs.put(key, zip.bytes(), { contentType: 'application/zip' });
      try {
        await buildArchive(deps, job.ownerId, zip, async (done) => {
          await deps.jobs.heartbeat(job);
          await record(job, { type: 'ReportExportProgress', progress: done * 0.99, at: deps.runner.now() });
        });
        zip.end();
      } catch (error) {
        zip.abort(error instanceof Error ? error : new Error(String(error)));
        await writing.catch(() => undefined);
        throw error;
      }
      const stored = await writing;
      await record(job, {
        type: 'CompleteDataExport',
        blobKey: key,
        sizeBytes: stored.size,
        at: deps.runner.now(),
      });
      await mailOwner(deps, job.ownerId);
    },

    // A failed build is worth another attempt (a full disk, a store hiccup); after the last, the owner is told.
    isPermanent: () => false,

    async failed(job, error, final) {
      deps.logger.error({ err: error, exportId: job.subjectId, final }, 'data export failed');
      if (!final) return;
      await deps.blobs.delete(exportBlobKey(job.subjectId));
      await record(job, {
        type: 'FailDataExport',
        reason: 'The archive could not be built. Please try again.',
        at: deps.runner.now(),
      });
    },
  };
};

/** The link goes to the page (the download needs the session), never straight to the file. */
const mailOwner = async (deps: DataExportJobDeps, userId: string): Promise<void> => {
  const user = await deps.readModels.collection<UserDoc>(USERS).get(userId);
  if (!user) return;
  const link = `${deps.publicUrl.replace(/\/$/, '')}/data-privacy`;
  try {
    await deps.mailer.send({
      to: user.email,
      subject: 'Your Scrivo data is ready to download',
      text: `The archive of your data is ready. Download it from ${link} within 24 hours; after that, ask for a new one.`,
      html: `<p>The archive of your data is ready.</p><p><a href="${escapeHtml(link)}">Download it</a> within 24 hours; after that, ask for a new one.</p>`,
      tag: 'data-export-ready',
    });
  } catch (error) {
    deps.logger.error({ err: error }, 'data export email could not be sent');
  }
};
