/**
 * Reads until `done` holds (a summary or translation no longer 'running'), and answers the last read; one that never
 * does within `timeoutMs` fails the test showing what it last read.
 */
export const until = async <T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 180_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};
