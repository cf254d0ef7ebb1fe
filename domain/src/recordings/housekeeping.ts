import type { JobEvent } from '../jobs/events';
import type { RecordingEvent } from './events';

/**
 * What the job workers' periodic sweep repairs, folded from the recording and job events:
 * - a TranscriptionRequested whose job was never enqueued (the process died between the two appends);
 * - a job that died while its recording still says queued/transcribing (the worker died between the two);
 * - a deleted recording whose restore grace period is over and whose media is still stored.
 * Every repair is idempotent (same job id, decider no-ops), so several sweepers may race harmlessly.
 */
export interface HousekeepingState {
  readonly recordings: Map<string, TrackedRecording>;
  /** Job id -> when it died (null while alive, absent when never requested or finished otherwise). */
  readonly jobs: Map<string, { deadAt: string | null; reason: string | null }>;
}

interface TrackedRecording {
  recordingId: string;
  ownerId: string;
  status: 'uploading' | 'queued' | 'transcribing' | 'completed' | 'failed' | 'cancelled';
  jobId: string | null;
  requestedAt: string | null;
  blobKey: string | null;
  restorableUntil: string | null;
  purged: boolean;
}

export interface StrandedRequest {
  readonly recordingId: string;
  readonly ownerId: string;
  readonly jobId: string;
  readonly requestedAt: string;
}
export interface DeadJobRecording extends StrandedRequest {
  readonly reason: string;
}
export interface ExpiredMedia {
  readonly recordingId: string;
  readonly blobKeys: string[];
}

export interface HousekeepingWork {
  readonly enqueue: StrandedRequest[];
  readonly failDead: DeadJobRecording[];
  readonly purge: ExpiredMedia[];
}

export const emptyHousekeeping = (): HousekeepingState => ({ recordings: new Map(), jobs: new Map() });

/** Folds one event in place (the sweeper keeps the state between runs and reads only new events). */
export const trackHousekeeping = (state: HousekeepingState, event: RecordingEvent | JobEvent): void => {
  if (event.type === 'RecordingCreated') {
    state.recordings.set(event.data.recordingId, {
      recordingId: event.data.recordingId,
      ownerId: event.data.ownerId,
      status: 'uploading',
      jobId: null,
      requestedAt: null,
      blobKey: null,
      restorableUntil: null,
      purged: false,
    });
    return;
  }
  if (event.type.startsWith('Job')) {
    const e = event as JobEvent;
    const jobId = e.data.jobId;
    if (e.type === 'JobRequested') state.jobs.set(jobId, { deadAt: null, reason: null });
    else if (e.type === 'JobFailed' && e.data.retryAt === null)
      state.jobs.set(jobId, { deadAt: e.data.at, reason: e.data.reason });
    else if (e.type === 'JobCompleted' || e.type === 'JobCancelled')
      state.jobs.set(jobId, { deadAt: null, reason: null });
    return;
  }
  const e = event as RecordingEvent;
  const r = state.recordings.get(e.data.recordingId);
  if (!r) return;
  switch (e.type) {
    case 'RecordingUploadCompleted':
      r.blobKey = e.data.blobKey;
      return;
    case 'RecordingRejected':
    case 'TranscriptionFailed':
      r.status = 'failed';
      return;
    case 'TranscriptionRequested':
      r.status = 'queued';
      r.jobId = e.data.jobId;
      r.requestedAt = e.data.requestedAt;
      return;
    case 'TranscriptionStarted':
      r.status = 'transcribing';
      return;
    case 'TranscriptionCompleted':
      r.status = 'completed';
      return;
    case 'TranscriptionCancelled':
      r.status = 'cancelled';
      return;
    case 'RecordingDeleted':
      r.restorableUntil = e.data.restorableUntil;
      return;
    case 'RecordingRestored':
      r.restorableUntil = null;
      return;
    case 'RecordingMediaPurged':
      r.purged = true;
      r.blobKey = null;
      return;
    default:
      return;
  }
};

/**
 * The repairs due at `now`. `settleMs` leaves a fresh request or death alone for a while, since the process
 * that wrote it normally finishes the job itself a few milliseconds later.
 */
export const dueHousekeeping = (state: HousekeepingState, now: Date, settleMs: number): HousekeepingWork => {
  const settled = (at: string) => Date.parse(at) + settleMs <= now.getTime();
  const work: HousekeepingWork = { enqueue: [], failDead: [], purge: [] };
  for (const r of state.recordings.values()) {
    if (r.restorableUntil !== null) {
      if (!r.purged && Date.parse(r.restorableUntil) < now.getTime())
        work.purge.push({ recordingId: r.recordingId, blobKeys: r.blobKey ? [r.blobKey] : [] });
      continue;
    }
    if ((r.status !== 'queued' && r.status !== 'transcribing') || !r.jobId || !r.requestedAt) continue;
    const request = {
      recordingId: r.recordingId,
      ownerId: r.ownerId,
      jobId: r.jobId,
      requestedAt: r.requestedAt,
    };
    const job = state.jobs.get(r.jobId);
    if (!job) {
      if (settled(r.requestedAt)) work.enqueue.push(request);
    } else if (job.deadAt !== null && settled(job.deadAt))
      work.failDead.push({ ...request, reason: job.reason ?? 'the job failed' });
  }
  return work;
};
