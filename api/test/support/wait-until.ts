/** Polls `check` until it holds; fails naming what never happened. Processes and reactors settle in their own time. */
export const waitUntil = async (
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
  pollMs = 100,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
};
