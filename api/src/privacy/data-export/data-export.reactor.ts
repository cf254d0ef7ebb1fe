import type { Reactor, RecordedEvent } from '@scrivo/domain';
import type { JobQueue } from '@scrivo/domain/jobs';
import { DATA_EXPORT_JOB, type DataExportRequested } from '@scrivo/domain/privacy';

/** Queues the build of a requested archive; the job id is the export's, so a replay queues nothing more. */
export const dataExportJobsReactor = (deps: { readonly jobs: JobQueue }): Reactor => ({
  name: 'data-export-jobs',
  eventTypes: ['DataExportRequested'],
  async react(recorded: RecordedEvent) {
    const { exportId, userId } = recorded.data as DataExportRequested['data'];
    await deps.jobs.enqueue(
      {
        jobId: exportId,
        kind: DATA_EXPORT_JOB,
        subjectId: exportId,
        ownerId: userId,
        payload: {},
        maxAttempts: 3,
      },
      { correlationId: recorded.metadata.correlationId },
    );
  },
});
