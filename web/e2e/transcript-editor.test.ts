import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '../../adapters/src/speech/speech-worker-process';
import { SESSION_COOKIE } from '../../api/src/common/auth/session-store';
import type { TestClient } from '../../api/test/support/http-client';
import { signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';

const JFK = join(import.meta.dirname, '../../../shared/audio/jfk/jfk.wav');

describe.skipIf(!speechWorkerInstalled())(
  'the transcript editor in Chromium, on a real JFK transcript',
  () => {
    let worker: SpeechWorkerProcess;
    let app: TestApp;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let client: TestClient;
    let id = '';

    const transcribe = async (as: TestClient) => {
      const form = new FormData();
      form.set('file', new Blob([readFileSync(JFK)]), 'jfk.wav');
      form.set('title', 'JFK');
      const created = await as.post('/api/recordings', form);
      expect(created.status, created.text).toBe(201);
      const recordingId = created.body.id as string;
      const deadline = Date.now() + 240_000;
      while ((await as.get(`/api/recordings/${recordingId}`)).body.status !== 'completed') {
        if (Date.now() > deadline) throw new Error('JFK was not transcribed in time');
        await new Promise((r) => setTimeout(r, 500));
      }
      return recordingId;
    };

    const browse = async (as: TestClient) => {
      const browsing = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        acceptDownloads: true,
      });
      await browsing.addCookies([
        { name: SESSION_COOKIE.user, value: as.cookie(SESSION_COOKIE.user)!, url: app.url, httpOnly: true },
      ]);
      return browsing;
    };

    beforeAll(async () => {
      worker = await startSpeechWorker();
      app = await startTestApp({ SCRIVO_SPEECH_URL: worker.url });
      browser = await launchBrowser();
      ({ client } = await signedInClient(app, { plan: 'premium' }));
      id = await transcribe(client);
      context = await browse(client);
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
      await browser?.close();
      await app?.close();
      await worker?.stop();
    });

    it('edits a word, autosaves, keeps the edit after a reload and exports it', async () => {
      await page.goto(`${app.url}/transcription/${id}`);
      await page.getByRole('button', { name: 'Edit transcript' }).click();
      const field = page.getByRole('textbox', { name: /^Text from 0:00/ });
      const original = await field.inputValue();
      expect(original.toLowerCase()).toContain('fellow americans');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Typed for real: Space and "k" are player shortcuts, and must type text here instead of playing.
      await field.fill(original.replace(/fellow Americans/i, 'fellow citizens'));
      await field.press('End');
      await page.keyboard.type(' Okay');
      expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(true);
      await expect.poll(() => field.inputValue()).toMatch(/fellow citizens.* Okay$/);

      await page.getByTestId('save-status').getByText('All changes saved').waitFor({ timeout: 10_000 });
      expect(
        await page.evaluate((key) => localStorage.getItem(key), `scrivo:transcript-draft:${id}`),
      ).toBeNull();

      await page.reload();
      await page.getByTestId('transcript').getByText('citizens').waitFor();
      expect(await page.getByTestId('transcript').innerText()).toMatch(/fellow\s+citizens/);

      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('radio', { name: /Plain text/ }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /^Download/ }).click(),
      ]);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text).toContain('fellow citizens');
      expect(text).toContain('Okay');
    });

    it('tells when another tab saved first, and loads the latest version on request', async () => {
      const { body } = await client.get(`/api/recordings/${id}/transcript`);
      const other = await client.patch(`/api/recordings/${id}/transcript`, {
        version: body.version,
        segments: [{ index: 0, text: 'Saved in the other tab.' }],
      });
      expect(other.status).toBe(200);

      await page.getByRole('button', { name: 'Edit transcript' }).click();
      const field = page.getByRole('textbox', { name: /^Text from 0:00/ });
      await field.fill('Typed in this tab.');
      await page
        .getByRole('alert')
        .getByText(/changed in another tab/)
        .waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Load the latest version' }).click();
      await expect.poll(() => field.inputValue()).toBe('Saved in the other tab.');
      await page.getByTestId('save-status').getByText('All changes saved').waitFor();
    });

    it('shows Free users the transcript read-only, with the plans that include the editor', async () => {
      const { client: freeClient } = await signedInClient(app);
      const freeId = await transcribe(freeClient);
      const free = await browse(freeClient);
      const freePage = await free.newPage();
      await freePage.goto(`${app.url}/transcription/${freeId}`);
      await freePage.getByTestId('editor-upsell').getByRole('link', { name: 'See plans' }).waitFor();
      expect(await freePage.getByRole('button', { name: 'Edit transcript' }).count()).toBe(0);
      expect(await freePage.getByRole('textbox').count()).toBe(0);
      await free.close();
    });
  },
);
