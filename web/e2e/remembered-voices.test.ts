import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import type { TestClient } from '../../api/test/support/http-client';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { conversation, type Turn } from '../../api/test/voices/conversation';
import { bodyOf } from '../../api/test/support/expect-status';
import { transcribed as uploadedAndTranscribed } from './support/transcribed';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';

/** Real readers: Ada (a woman), then Bert and Carl (men); the 7th second is a pause in Ada's utterance. */
const ADA = '1069-133699-0000';
const BERT = '1040-133433-0000';
const CARL = '1034-121119-0000';

describe.skipIf(!speechWorkerInstalled())('remembered voices in Chromium', () => {
  let worker: SpeechWorkerProcess;
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let client: TestClient;

  const transcribed = async (turns: readonly Turn[], title: string) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(conversation(turns))]), `${title}.wav`);
    form.set('title', title);
    form.set('language', 'en');
    return uploadedAndTranscribed(client, form, title);
  };

  beforeAll(async () => {
    worker = await startSpeechWorker();
    app = await startTestApp({ SCRIVO_SPEECH_URL: worker.url });
    browser = await launchBrowser();
    ({ client } = await signedInClient(app, { plan: 'business_pro' }));
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(client, app.url)]);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
    await worker?.stop();
  });

  it('names a speaker, remembers the voice, and a later transcript calls her by her name', async () => {
    const first = await transcribed(
      [
        { reader: ADA, from: 0, to: 7.2 },
        { reader: BERT, from: 0 },
      ],
      'Monday',
    );
    await page.goto(`${app.url}/transcription/${first}`);
    await page.getByRole('button', { name: 'Edit transcript' }).click();
    const speaker = page.getByRole('textbox', {
      name: 'Speaker name (renames every part spoken by Speaker 1)',
    });
    // A numbered speaker is nobody yet: there is no voice to remember until they have a name.
    await expect.poll(() => speaker.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Remember this voice' }).count()).toBe(0);
    await speaker.fill('Ada Lovelace');
    await speaker.press('Enter');
    await page.getByRole('button', { name: 'Remember this voice' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Voice remembered' }).count(), {
        timeout: 60_000,
      })
      .toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Carl, then the rest of Ada's utterance: her lines carry her name, his a number.
    const later = await transcribed(
      [
        { reader: CARL, from: 0 },
        { reader: ADA, from: 7.2 },
      ],
      'Tuesday',
    );
    const transcript = bodyOf(await client.api.recordings.transcript({ params: { id: later } }), 200);
    const speakers = transcript.segments.map((s) => s.speaker);
    expect(new Set(speakers)).toEqual(new Set(['Speaker 1', 'Ada Lovelace']));
    await page.goto(`${app.url}/transcription/${later}`);
    await expect.poll(() => page.getByText('Ada Lovelace', { exact: true }).count()).toBeGreaterThan(0);
  }, 600_000);

  it('lists the voice on the Voices page, renames it and forgets it', async () => {
    await page.goto(`${app.url}/voices`);
    const name = page.getByRole('textbox', { name: 'Name of the voice Ada Lovelace' });
    await expect.poll(() => name.count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await name.fill('Ada King');
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect
      .poll(async () => (await client.api.voices.list()).body)
      .toMatchObject({
        voices: [{ name: 'Ada King' }],
      });
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Forget' }).click();
    await expect.poll(() => page.getByText('No voices remembered yet.').count()).toBe(1);
    expect(bodyOf(await client.api.voices.list(), 200)).toEqual({ voices: [] });
  }, 120_000);
});
