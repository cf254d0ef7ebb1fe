import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { appWithSpeechWorker } from '../support/speech-app';
import { withKey } from './support';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');

/**
 * The curl walkthrough of docs/api-keys.md as a script would run it: one key, no cookies, the real speech worker.
 */
describe.skipIf(!speechWorkerInstalled())('a script with an API key uploads JFK and fetches its SRT', () => {
  const running = appWithSpeechWorker();

  it('uploads, waits for the transcript and downloads it as SRT', async () => {
    const { client } = await signedInClient(running.app, { plan: 'premium' });
    // The one step in the browser: Account > Developer > Create key.
    const created = await client.api.apiKeys.create({
      body: { name: 'Transcribe script', scopes: ['write'] },
    });
    expectStatus(created, 201);
    const key = created.body.secret;

    // curl -H "Authorization: Bearer $KEY" -F file=@jfk.wav -F title=JFK $SCRIVO/api/recordings
    const form = new FormData();
    form.set('file', new Blob([readFileSync(JFK)]), 'jfk.wav');
    form.set('title', 'JFK');
    const upload = await withKey(running.app.url, key, 'POST', '/api/recordings', form);
    expect(upload.status, upload.text).toBe(201);
    const id = upload.body.id as string;

    // curl -H "Authorization: Bearer $KEY" $SCRIVO/api/recordings/$ID   (until status is completed)
    const deadline = Date.now() + 240_000;
    let status = upload.body.status as string;
    while (status !== 'completed') {
      expect(['queued', 'transcribing'], `status ${status}`).toContain(status);
      if (Date.now() > deadline) throw new Error('JFK was not transcribed in time');
      await new Promise((r) => setTimeout(r, 1000));
      status = (await withKey(running.app.url, key, 'GET', `/api/recordings/${id}`)).body.status as string;
    }

    // curl -H "Authorization: Bearer $KEY" "$SCRIVO/api/recordings/$ID/export?format=srt" -o jfk.srt
    const srt = await withKey(running.app.url, key, 'GET', `/api/recordings/${id}/export?format=srt`);
    expect(srt.status).toBe(200);
    expect(srt.headers.get('content-type')).toMatch(/application\/x-subrip/);
    expect(srt.text).toMatch(/^1\r?\n00:00:00,\d{3} --> 00:00:\d{2},\d{3}\r?\n/);
    // Cue texts wrap over lines: read them as one text.
    const cues = srt.text
      .split(/\r?\n/)
      .filter((line) => !/^\d+$/.test(line) && !line.includes('-->'))
      .join(' ')
      .replace(/\s+/g, ' ')
      .toLowerCase();
    expect(cues).toContain('fellow americans');
    expect(phraseErrorRate('ask not what your country can do for you', cues)).toBeLessThanOrEqual(HEARD);
    // It is in the owner's library like any upload.
    expect(bodyOf(await client.api.recordings.get({ params: { id } }), 200).title).toBe('JFK');
  }, 300_000);
});
