/**
 * Fault injection for the crash tests (api/test/recordings/upload-crash.test.ts, reactor-crash.test.ts,
 * api/test/billing/webhook-crash.test.ts): with SCRIVO_TEST_CRASH_AT=<step> the process kills itself with SIGKILL
 * when it reaches that step, exactly as a power cut or the OOM killer would stop it there. A port, injected as
 * CRASH_POINTS: outside those tests (always, and whenever NODE_ENV is not `test`) it is one that does nothing.
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

export interface CrashPoints {
  /** The process has reached `step`. */
  reached(step: CrashStep): void;
  /** The stream itself, or (step 'mid-write') the stream with the process dying after its first chunk. */
  midway<T extends AsyncIterable<Uint8Array>>(body: T): T | AsyncIterable<Uint8Array>;
}

export const CRASH_POINTS = Symbol('CrashPoints');

const NONE: CrashPoints = { reached: () => undefined, midway: (body) => body };

/** The crash points the environment arms: one step under NODE_ENV=test and SCRIVO_TEST_CRASH_AT, else none. */
export const crashPointsFrom = (env: NodeJS.ProcessEnv): CrashPoints => {
  const armedAt = env.NODE_ENV === 'test' ? env.SCRIVO_TEST_CRASH_AT : undefined;
  if (!armedAt) return NONE;
  const reached = (step: CrashStep) => {
    if (step === armedAt) process.kill(process.pid, 'SIGKILL');
  };
  async function* dieAfterFirstChunk(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
    let chunks = 0;
    for await (const chunk of body) {
      if (chunks++ === 1) reached('mid-write');
      yield chunk;
    }
  }
  return { reached, midway: (body) => (armedAt === 'mid-write' ? dieAfterFirstChunk(body) : body) };
};
