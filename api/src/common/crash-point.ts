/**
 * Test-only fault injection for the crash tests (api/test/recordings/upload-crash.test.ts, reactor-crash.test.ts): with
 * SCRIVO_TEST_CRASH_AT=<step> the process kills itself with SIGKILL when it reaches that step, exactly as a
 * power cut or the OOM killer would stop it there. Unset (always, outside those tests) it does nothing, and it is
 * only read under NODE_ENV=test.
 */
export type CrashStep =
  | 'created'
  | 'mid-write'
  | 'last-byte'
  | 'probed'
  | 'stored'
  | 'reserved'
  /** A billing webhook verified, nothing appended yet (api/test/billing/webhook-crash.test.ts). */
  | 'billing-verified'
  /** A billing webhook appended to the user's stream, not yet acknowledged. */
  | 'billing-applied'
  /** A reactor's reaction is done, its checkpoint not yet moved: the restart repeats the reaction. */
  | `reacted:${string}`;

const armedAt = (): string | undefined =>
  process.env.NODE_ENV === 'test' ? process.env.SCRIVO_TEST_CRASH_AT : undefined;

export const crashPoint = (step: CrashStep): void => {
  if (armedAt() === step) process.kill(process.pid, 'SIGKILL');
};

/** The stream itself, or (crash step 'mid-write') the stream with the process dying after its first chunk. */
export const crashMidway = <T extends AsyncIterable<Uint8Array>>(body: T): T | AsyncIterable<Uint8Array> =>
  armedAt() === 'mid-write' ? dieAfterFirstChunk(body) : body;

async function* dieAfterFirstChunk(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  let chunks = 0;
  for await (const chunk of body) {
    if (chunks++ === 1) crashPoint('mid-write');
    yield chunk;
  }
}
