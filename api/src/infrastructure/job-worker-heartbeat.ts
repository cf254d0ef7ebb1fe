import type { ReadModelStore } from '@scrivo/domain';

/**
 * Job workers say they are alive where every API replica can read it: the read-model store, under a checkpoint
 * name no projection uses, whose "position" is the time of the latest beat of any worker. No event is written
 * (a beat every few seconds would fill the event store) and no new port is needed.
 */
const HEARTBEAT = '__job-worker-heartbeat__';
const INTERVAL_MS = 5000;
/** Three beats missed: a worker paused by a long garbage collection or a busy disk is not yet called dead. */
export const JOB_WORKER_STALE_AFTER_MS = 3 * INTERVAL_MS;

/** Beats now and every few seconds until the returned function is called. */
export const startJobWorkerHeartbeat = (readModels: ReadModelStore): (() => void) => {
  // A failed beat (a full disk, a lost database) shows as a stale heartbeat in /api/health; the next beat retries.
  const beat = () => void readModels.commit(HEARTBEAT, Date.now(), []).catch(() => undefined);
  beat();
  const timer = setInterval(beat, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
};

/** When any job worker last beat (epoch ms), or null when none ever did. */
export const lastJobWorkerHeartbeat = (readModels: ReadModelStore): Promise<number | null> =>
  readModels.getCheckpoint(HEARTBEAT);
