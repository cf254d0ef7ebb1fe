/** How long a stopped session's socket waits for its recording before saying it will appear later. */
export const FINALIZE_WAIT_MS = 120_000;
