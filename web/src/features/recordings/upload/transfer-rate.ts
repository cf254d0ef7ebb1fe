/**
 * Upload speed over the last few seconds (not since the start: a connection that slowed down should show the
 * new speed), and the time left at that speed.
 */
export class TransferRate {
  private samples: { at: number; bytes: number }[] = [];

  constructor(private readonly windowMs = 5000) {}

  add(bytes: number, at: number): void {
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - this.samples[0]!.at > this.windowMs) this.samples.shift();
  }

  /** Forget history (after a pause or a resume, old samples would distort the speed). */
  reset(): void {
    this.samples = [];
  }

  /** Bytes per second, or null until there is enough to say. */
  get bytesPerSecond(): number | null {
    if (this.samples.length < 2) return null;
    const first = this.samples[0]!;
    const last = this.samples[this.samples.length - 1]!;
    const seconds = (last.at - first.at) / 1000;
    if (seconds < 0.25) return null;
    return Math.max(0, (last.bytes - first.bytes) / seconds);
  }

  secondsLeft(total: number): number | null {
    const speed = this.bytesPerSecond;
    const last = this.samples[this.samples.length - 1];
    if (!speed || !last) return null;
    return Math.max(0, (total - last.bytes) / speed);
  }
}

/** "About 2 minutes left", "12 seconds left": rounded as people say it. */
export const timeLeftLabel = (seconds: number | null): string | null => {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  if (seconds < 1) return 'Almost done';
  if (seconds < 60) return `${Math.ceil(seconds)} s left`;
  if (seconds < 3600) return `About ${Math.round(seconds / 60)} min left`;
  const hours = Math.floor(seconds / 3600);
  return `About ${hours} h ${Math.round((seconds % 3600) / 60)} min left`;
};
