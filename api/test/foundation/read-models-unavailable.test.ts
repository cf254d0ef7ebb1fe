import { ReadModelsUnavailableError } from '@scrivo/domain';
import { describe, expect, it } from 'vitest';
import { describeException } from '../../src/common/error.filter';

/**
 * The read-model database restarting (issue 45's fault run: FerretDB killed under traffic) is a dependency being
 * briefly down: the client is told to come back (503 with Retry-After), never shown a bug (500).
 */
describe('a request whose read-model database cannot be reached', () => {
  it('answers 503 READ_MODELS_UNAVAILABLE with a Retry-After, not a 500', () => {
    const answer = describeException(new ReadModelsUnavailableError(new Error('connection 33 closed')));
    expect(answer).toMatchObject({
      status: 503,
      code: 'READ_MODELS_UNAVAILABLE',
      details: { retryAfterSeconds: ReadModelsUnavailableError.RETRY_AFTER_SECONDS },
    });
    expect(answer.message).not.toMatch(/connection|127\.0\.0\.1/);
  });
});
