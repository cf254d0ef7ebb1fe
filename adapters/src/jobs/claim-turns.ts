/**
 * The turn order a queue instance keeps in memory: when each owner's job of each kind was last claimed. Per kind,
 * since workers of different kinds are different pools: a user's transcription being served is no reason for
 * their summary to wait behind everyone else's.
 */
export class ClaimTurns {
  private readonly lastClaimed = new Map<string, Map<string, string>>();

  took(ownerId: string, kind: string, claimedAt: string): void {
    const byKind = this.lastClaimed.get(ownerId) ?? new Map<string, string>();
    byKind.set(kind, claimedAt);
    this.lastClaimed.set(ownerId, byKind);
  }

  /** The owner's latest claim among jobs of these kinds (null: none yet). */
  lastClaimedAt(ownerId: string, kinds: readonly string[]): string | null {
    const claims = [...(this.lastClaimed.get(ownerId) ?? new Map<string, string>())]
      .filter(([kind]) => kinds.includes(kind))
      .map(([, at]) => at)
      .sort();
    return claims.at(-1) ?? null;
  }
}
