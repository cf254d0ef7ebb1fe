import { MAX_PAGE } from '@scrivo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { unchecked } from '../support/http-client';

// Inputs a fuzzer (schemathesis) found answered with a 5xx; each must be the client's error, never ours.
describe('recordings: malformed requests are a 4xx, not a server error', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([String(MAX_PAGE + 1), '1e300', '9007199254740993'])(
    'the list refuses page=%s with 400 (it reached SQLite as an impossible offset)',
    async (page) => {
      const { client } = await signedInClient(app);
      const response = await client.api.recordings.list({ query: { page: unchecked(page) } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    },
  );

  it('the last allowed page is simply empty', async () => {
    const { client } = await signedInClient(app);
    const response = await client.api.recordings.list({ query: { page: MAX_PAGE, pageSize: 100 } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ items: [], page: MAX_PAGE });
  });

  it.each([
    ['no boundary', 'multipart/form-data'],
    ['an empty boundary', 'multipart/form-data; boundary='],
  ])('a multipart upload with %s is 400 MALFORMED_UPLOAD', async (_what, contentType) => {
    const { client } = await signedInClient(app);
    const response = await client.post('/api/recordings', 'file=abc', { 'content-type': contentType });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'MALFORMED_UPLOAD' });
  });
});
