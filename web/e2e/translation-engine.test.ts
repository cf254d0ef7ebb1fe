import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import { completedRecording } from '../../api/test/recordings/support/completed-recording';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';

const SPANISH: TranscriptBody = {
  language: 'es',
  languageProbability: 0.97,
  durationSeconds: 6,
  text: 'Buenos días a todos. María enviará el informe el viernes.',
  segments: [
    { id: 0, start: 0, end: 2.5, text: ' Buenos días a todos.', speaker: null, words: [] },
    { id: 1, start: 2.5, end: 6, text: ' María enviará el informe el viernes.', speaker: null, words: [] },
  ],
  engine: 'test:fixed',
};

// Closed before their server: an open page keeps its live-updates stream, which the server's close waits for.
const contexts: BrowserContext[] = [];
const closeContexts = () => Promise.all(contexts.splice(0).map((c) => c.close()));

/** A Premium user on the Translation tab of a Spanish transcript. */
const translationTab = async (browser: Browser, app: TestApp): Promise<Page> => {
  const { client } = await signedInClient(app, { plan: 'premium' });
  const id = await completedRecording(app, client, SPANISH, 'Reunión');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await context.addCookies([browserSession(client, app.url)]);
  const page = await context.newPage();
  await page.goto(`${app.url}/transcription/${id}`);
  await page.getByRole('tab', { name: 'Translation' }).click();
  await page.getByLabel('Translate into').waitFor();
  return page;
};

const optionEnabled = (page: Page, label: string) =>
  page
    .getByLabel('Translate into')
    .locator('option', { hasText: label })
    .evaluate((o: HTMLOptionElement) => !o.disabled);

describe('translation engines in Chromium: the engine that can do the pair is picked, and a missing one explained', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  describe('a server with the local language model', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    }, 60_000);
    afterAll(async () => {
      await closeContexts();
      await app?.close();
    });

    it('offers French under "Best available", says which engine will translate, and switches from Whisper for German', async () => {
      const page = await translationTab(browser, app);
      expect(await optionEnabled(page, 'French')).toBe(true);
      await page.getByLabel('Translate into').selectOption('fr');
      await expect(page.getByTestId('translation-engine-hint').textContent()).resolves.toBe(
        'Into French with: Local language model (machine draft).',
      );
      await page.getByLabel('Translate into').selectOption('en');
      await expect(page.getByTestId('translation-engine-hint').textContent()).resolves.toMatch(
        /^Into English with: Whisper speech translation/,
      );

      await page.getByLabel('Engine').selectOption('whisper');
      await page.getByLabel('Translate into').selectOption('de');
      await expect(page.getByTestId('translation-engine-hint').textContent()).resolves.toMatch(
        /^Whisper speech translation .* cannot translate into German, so this uses: Local language model/,
      );
      expect(await page.getByTestId('translation-unavailable').count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Translate', exact: true }).click();
      await page.getByRole('tab', { name: /German/ }).waitFor();
    }, 60_000);
  });

  describe('a server without a text translation engine', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', SCRIVO_LLM_ENGINE: 'none' });
    }, 60_000);
    afterAll(async () => {
      await closeContexts();
      await app?.close();
    });

    it('greys French out and says why, while English stays offered', async () => {
      const page = await translationTab(browser, app);
      expect(await optionEnabled(page, 'French')).toBe(false);
      expect(await optionEnabled(page, 'English')).toBe(true);
      await expect(page.getByTestId('translation-unavailable').textContent()).resolves.toMatch(
        /cannot be chosen: Speech translation \(Whisper\) only translates into English, and no text translation engine/,
      );
    }, 60_000);
  });
});
