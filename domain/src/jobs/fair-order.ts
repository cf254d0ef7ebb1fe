/** A claimable job, as far as the order of claims cares. */
export interface QueuedJob {
  readonly ownerId: string;
  readonly requestedAt: string;
}

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
 * uploads never makes everyone else wait behind all of it. First the owners with the fewest jobs running, then
 * the one served longest ago (never served first), and within one owner first come, first served. Nobody starves:
 * an owner who was just served goes to the back of the line until every other waiting owner had a turn.
 */
export const fairOrder = <Job extends QueuedJob>(
  candidates: readonly Job[],
  shareOf: (ownerId: string) => OwnerShare,
): Job[] =>
  [...candidates].sort((a, b) => {
    const shareA = shareOf(a.ownerId);
    const shareB = shareOf(b.ownerId);
    if (shareA.running !== shareB.running) return shareA.running - shareB.running;
    const servedA = shareA.lastClaimedAt ?? '';
    const servedB = shareB.lastClaimedAt ?? '';
    if (servedA !== servedB) return servedA.localeCompare(servedB);
    return a.requestedAt.localeCompare(b.requestedAt);
  });
