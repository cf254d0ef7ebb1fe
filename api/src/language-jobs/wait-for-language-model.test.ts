import { LanguageModelRequestError, LanguageModelUnavailableError } from '@scrivo/domain';
import { describe, expect, it } from 'vitest';
import { runWhenLanguageModelAvailable } from './wait-for-language-model';

/** What the local model's client throws when the service is not listening (fetch's own error shape). */
const refused = () =>
  new LanguageModelUnavailableError('The local language model service cannot be reached.', {
    cause: new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8766'), { code: 'ECONNREFUSED' }),
    }),
  });

const quietLogger = () => {
  const waits: object[] = [];
  const logger = {
    info: () => undefined,
    warn: (fields: object) => void waits.push(fields),
    error: () => undefined,
  };
  return { logger, waits };
};

describe('a language job while its language model is down', () => {
  it('waits for the model to come back and then goes on, without failing', async () => {
    const { logger, waits } = quietLogger();
    let calls = 0;
    await runWhenLanguageModelAvailable(
      async () => {
        calls += 1;
        if (calls === 1) throw refused();
      },
      { signal: new AbortController().signal, maxWaitMs: 60_000, logger, context: { jobId: 'j1' } },
    );
    expect(calls).toBe(2);
    expect(waits).toEqual([expect.objectContaining({ jobId: 'j1', retryInMs: 1000 })]);
  });

  it('gives up once the outage is longer than the job may wait, so the attempt is spent', async () => {
    const { logger } = quietLogger();
    const down = refused();
    await expect(
      runWhenLanguageModelAvailable(
        async () => {
          throw down;
        },
        { signal: new AbortController().signal, maxWaitMs: 500, logger, context: {} },
      ),
    ).rejects.toBe(down);
  });

  it('does not wait on an error another try cannot fix', async () => {
    const { logger, waits } = quietLogger();
    await expect(
      runWhenLanguageModelAvailable(
        async () => {
          throw new LanguageModelRequestError('too long');
        },
        { signal: new AbortController().signal, maxWaitMs: 60_000, logger, context: {} },
      ),
    ).rejects.toBeInstanceOf(LanguageModelRequestError);
    expect(waits).toEqual([]);
  });

  it('does not wait on an engine that answered with an error (a wrong token, a failure on its side)', async () => {
    const { logger, waits } = quietLogger();
    await expect(
      runWhenLanguageModelAvailable(
        async () => {
          throw new LanguageModelUnavailableError('Hugging Face chat completion failed (401).');
        },
        { signal: new AbortController().signal, maxWaitMs: 60_000, logger, context: {} },
      ),
    ).rejects.toBeInstanceOf(LanguageModelUnavailableError);
    expect(waits).toEqual([]);
  });
});
