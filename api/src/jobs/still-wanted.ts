import type { DomainEvent } from '@scrivo/domain';
import type { StillWanted } from './job-handler';

/**
 * Whether a job is still wanted, for a job whose subject's stream records how each of its jobs ended (summaries, translations). The
 * state alone cannot tell: a cancel or a failure keeps the last good content 'ready', so the job's own end on the
 * stream says whether it is done (written or failed for good) or was cancelled.
 */
export const stillWantedOnStream = (
  subject: {
    readonly jobId: string | null;
    readonly running: boolean;
    readonly events: readonly DomainEvent[];
  },
  jobId: string,
  ends: { readonly done: readonly string[]; readonly cancelled: string },
): StillWanted => {
  if (subject.jobId !== jobId) return 'unwanted';
  if (subject.running) return 'wanted';
  const end = subject.events.findLast((e) => ends.done.includes(e.type) || e.type === ends.cancelled);
  return end !== undefined && end.type !== ends.cancelled ? 'done' : 'unwanted';
};
