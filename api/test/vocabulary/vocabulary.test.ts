import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { describe, expect, it } from 'vitest';
import { untilCompleted } from '../recordings/support/until-completed';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { appWithSpeechWorker } from '../support/speech-app';
import type { TestClient } from '../support/http-client';

const JFK = sharedAudio('jfk/jfk.wav');

/** A sentence with a name Whisper base has never heard, spoken by espeak-ng. */
const rareName = () => {
  const dir = mkdtempSync(join(tmpdir(), 'scrivo-vocabulary-'));
  const raw = join(dir, 'raw.wav');
  const wav = join(dir, 'names.wav');
  execFileSync('espeak-ng', [
    '-v',
    'en-us',
    '-s',
    '150',
    '-w',
    raw,
    'Please send the quarterly report to Siobhan Quaglieri before Friday.',
  ]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', wav]);
  return wav;
};

const upload = async (client: TestClient, fields: Record<string, string> = {}, file = JFK) => {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(file)]), 'clip.wav');
  form.set('language', 'en');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return client.api.recordings.create({ body: form });
};

const transcriptOf = async (client: TestClient, fields: Record<string, string> = {}, file = JFK) => {
  const created = await upload(client, fields, file);
  expectStatus(created, 201, created.text);
  await untilCompleted(client, created.body.id);
  return bodyOf(await client.api.recordings.transcript({ params: { id: created.body.id } }), 200);
};

describe.skipIf(!speechWorkerInstalled())('custom vocabulary', () => {
  const running = appWithSpeechWorker();

  it('keeps the account’s glossary whole, refusing a list it cannot hold with the term at fault', async () => {
    const { client } = await signedInClient(running.app, { plan: 'premium' });
    expect((await client.api.vocabulary.get()).body).toEqual({ terms: [] });
    const saved = await client.api.vocabulary.set({
      body: { terms: [{ text: ' Scrivo ', soundsLike: 'scree-vo' }, { text: 'Nguyen' }] },
    });
    expectStatus(saved, 200, saved.text);
    expect(saved.body).toEqual({ terms: [{ text: 'Scrivo', soundsLike: 'scree-vo' }, { text: 'Nguyen' }] });
    expect((await client.api.vocabulary.get()).body).toEqual(saved.body);

    const twice = await client.api.vocabulary.set({
      body: { terms: [{ text: 'Scrivo' }, { text: 'scrivo' }] },
    });
    expectStatus(twice, 400);
    expect(twice.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('twice'),
    });
    const tooMany = await client.api.vocabulary.set({
      body: { terms: Array.from({ length: 501 }, (_, i) => ({ text: `t${i}` })) },
    });
    expectStatus(tooMany, 400);
    expect((await client.api.vocabulary.get()).body).toEqual(saved.body);
  });

  it('takes an upload’s own terms and line of context, and refuses too long a context', async () => {
    const { client } = await signedInClient(running.app, { plan: 'premium' });
    const long = await upload(client, { context: 'x'.repeat(501) });
    expectStatus(long, 400);
    expect(long.body).toMatchObject({ details: { param: 'context' } });
    const created = await upload(client, {
      terms: 'Zanzibar, Kubernetes\nZanzibar',
      context: 'A speech in 1961',
    });
    expectStatus(created, 201, created.text);
    expect(created.body.options).toMatchObject({
      vocabulary: { terms: ['Zanzibar', 'Kubernetes'], context: 'A speech in 1961' },
    });
    await untilCompleted(client, created.body.id);
  }, 300_000);

  it('spells a glossary term its way where the engine wrote how it sounds, and nowhere else', async () => {
    const { client } = await signedInClient(running.app, { plan: 'premium' });
    const plain = await transcriptOf(client);
    expect(plain.text).toMatch(/Americans/);
    expect(plain.text).not.toMatch(/Amerikanz/);
    expectStatus(
      await client.api.vocabulary.set({
        body: {
          terms: [
            { text: 'Amerikanz', soundsLike: 'Americans' },
            { text: 'Zanzibar', soundsLike: 'zanzi-bar' },
          ],
        },
      }),
      200,
    );
    const spelt = await transcriptOf(client);
    expect(spelt.text).toMatch(/Amerikanz/);
    expect(spelt.text).not.toMatch(/Americans|Zanzibar/);
    expect(spelt.segments.flatMap((s) => s.words.map((w) => w.text.trim()))).toContain('Amerikanz,');
  }, 300_000);

  it('teaches the engine a rare name from the glossary or the upload’s terms', async () => {
    const { client } = await signedInClient(running.app, { plan: 'premium' });
    const clip = rareName();
    expect((await transcriptOf(client, {}, clip)).text).not.toMatch(/Quaglieri/);
    expect((await transcriptOf(client, { terms: 'Siobhan Quaglieri' }, clip)).text).toMatch(
      /Siobhan Quaglieri/,
    );
    expectStatus(await client.api.vocabulary.set({ body: { terms: [{ text: 'Siobhan Quaglieri' }] } }), 200);
    expect((await transcriptOf(client, {}, clip)).text).toMatch(/Siobhan Quaglieri/);
    // Said nowhere in Kennedy's speech: the glossary adds nothing there.
    expect((await transcriptOf(client)).text).not.toMatch(/Siobhan|Quaglieri/);
  }, 300_000);
});
