/** Progress events at most this often per job (pages poll them; the result itself never waits for one). */
const PROGRESS_INTERVAL_MS = 1000;

/**
 * An `onProgress` that reports at most once a second and never the final 1 (the result says that), and whose
 * failures are ignored: progress is a courtesy, the result still lands.
 */
export const throttledProgress = (report: (progress: number) => Promise<unknown>) => {
  let lastReport = 0;
  return (progress: number): void => {
    const now = Date.now();
    if (now - lastReport < PROGRESS_INTERVAL_MS || progress >= 1) return;
    lastReport = now;
    void report(progress).catch(() => undefined);
  };
};
