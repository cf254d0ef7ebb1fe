/** A claimable job, as far as the order of claims cares. */
export interface QueuedJob {
  readonly ownerId: string;
  readonly requestedAt: string;
  /** Seconds of audio (or other work) it holds; absent: not said, taken as long work. */
  readonly workSeconds?: number;
}

/**
 * Work up to this long (seconds of audio) is short work: a clip someone is waiting to read. A minute holds most
 * voice notes and clips, and is half a piece of a long file (SCRIVO_PIECE_SECONDS, 120 by default), so a clip is
 * taken before the next piece of anyone's long file and waits at most for the piece running now.
 */
export const SHORT_WORK_SECONDS = 60;

const isShort = (job: QueuedJob) => job.workSeconds !== undefined && job.workSeconds <= SHORT_WORK_SECONDS;

/**
 * What an owner already has from the workers that are claiming: counted over the kinds of job those workers take
 * (speech and language workers are separate pools, so a long transcription does not cost its owner a summary turn).
 */
export interface OwnerShare {
  /** Jobs of this owner running now (claimed, lease not run out). */
  readonly running: number;
  /** When a job of this owner was last claimed; null if never. */
  readonly lastClaimedAt: string | null;
}

export const NO_SHARE: OwnerShare = { running: 0, lastClaimedAt: null };

/**
 * The order in which claimable jobs are offered to a free worker: owners take turns, so one account's pile of
 * uploads never makes everyone else wait behind all of it. First the owners with the fewest jobs running; then
 * short work (a clip, SHORT_WORK_SECONDS or less) before long work (a long file's pieces), so a clip does not
 * wait behind the pieces of a long file, its owner's or another's (one with as few jobs running); then the owner served longest ago (never served
 * first), and within one owner first come, first served. Nobody starves: an owner who was just served goes to the
 * back of the line of their lane until every other waiting owner had a turn, and long work waits only while short
 * work is waiting, which people upload by hand, a clip at a time, each owner in turn.
 */
export const fairOrder = <Job extends QueuedJob>(
  candidates: readonly Job[],
  shareOf: (ownerId: string) => OwnerShare,
): Job[] =>
  [...candidates].sort((a, b) => {
    const shareA = shareOf(a.ownerId);
    const shareB = shareOf(b.ownerId);
    if (shareA.running !== shareB.running) return shareA.running - shareB.running;
    if (isShort(a) !== isShort(b)) return isShort(a) ? -1 : 1;
    const servedA = shareA.lastClaimedAt ?? '';
    const servedB = shareB.lastClaimedAt ?? '';
    if (servedA !== servedB) return servedA.localeCompare(servedB);
    return a.requestedAt.localeCompare(b.requestedAt);
  });
