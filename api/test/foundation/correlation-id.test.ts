import { readFileSync } from 'node:fs';
import { recordingStream } from '@scrivo/domain/recordings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { JFK_PATH } from '../recordings/support/stuck-upload';
import { expectStatus } from '../support/expect-status';

/**
 * A caller (a script, a gateway, another service) that sends X-Correlation-Id finds it on every event its request
 * caused, whatever the feature: recordings take it the same way as the library and the rest.
 */
describe('the X-Correlation-Id of a request', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is on the events of an upload and of a library write alike', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const form = new FormData();
    form.set('file', new Blob([readFileSync(JFK_PATH)]), 'jfk.wav');
    const created = await client.api.recordings.create({
      body: form,
      extraHeaders: { 'X-Correlation-Id': 'trace-upload-1' },
    });
    expectStatus(created, 201);
    const folder = await client.api.library.createFolder({
      body: { name: 'Interviews' },
      extraHeaders: { 'X-Correlation-Id': 'trace-folder-1' },
    });
    expectStatus(folder, 201);

    const { events } = app.scrivo.adapters;
    const recording = await events.readStream(recordingStream(created.body.id as string));
    expect(recording.length).toBeGreaterThan(0);
    expect(new Set(recording.map((event) => event.metadata.correlationId))).toEqual(
      new Set(['trace-upload-1']),
    );
    const all = await events.readAll({ after: -1 });
    const folderEvents = all.filter((event) => event.metadata.correlationId === 'trace-folder-1');
    expect(folderEvents.length).toBeGreaterThan(0);
  });

  it("is on the events of a later write to a recording (a rename), not the upload's", async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const form = new FormData();
    form.set('file', new Blob([readFileSync(JFK_PATH)]), 'jfk.wav');
    const created = await client.api.recordings.create({
      body: form,
      extraHeaders: { 'X-Correlation-Id': 'upload-trace' },
    });
    expectStatus(created, 201);
    const id = created.body.id as string;
    const { events } = app.scrivo.adapters;
    const before = (await events.readStream(recordingStream(id))).length;

    const renamed = await client.api.recordings.update({
      params: { id },
      body: { title: 'Moon speech' },
      extraHeaders: { 'X-Correlation-Id': 'abc' },
    });
    expect(renamed.status).toBe(200);

    const written = (await events.readStream(recordingStream(id))).slice(before);
    expect(written.map((event) => event.type)).toEqual(['RecordingRenamed']);
    expect(written[0]!.metadata.correlationId).toBe('abc');
  });
});
