import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { JFK_PATH } from './support/stuck-upload';
import { expectStatus } from '../support/expect-status';

/** A transcript that is still being made cannot be shared, summarised or translated: the domain says so, with 409. */
describe('a recording whose transcript is not finished', () => {
  let app: TestApp;
  beforeAll(async () => {
    // No job worker: the recording stays queued.
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_IN_PROCESS_LANGUAGE_WORKER: 'false',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('cannot be shared, summarised or translated yet, and says why', async () => {
    const { client } = await signedInClient(app, { plan: 'business_pro' });
    const form = new FormData();
    form.set('file', new Blob([readFileSync(JFK_PATH)]), 'jfk.wav');
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    const id = created.body.id as string;

    const share = await client.api.shareLinks.create({ params: { id }, body: {} });
    expect([share.status, share.body]).toMatchObject([
      409,
      { code: 'RECORDING_STATE_CONFLICT', message: 'Only a finished transcript can be shared.' },
    ]);
    const summary = await client.api.summaries.request({ params: { id }, body: {} });
    expect([summary.status, summary.body]).toMatchObject([
      409,
      { code: 'RECORDING_STATE_CONFLICT', message: 'Only a finished transcript can be summarised.' },
    ]);
    for (const target of ['en', 'fr']) {
      const translation = await client.api.translations.request({ params: { id }, body: { target } });
      expect([translation.status, translation.body]).toMatchObject([
        409,
        { code: 'RECORDING_STATE_CONFLICT', message: 'Only a finished transcript can be translated.' },
      ]);
    }
  });
});
