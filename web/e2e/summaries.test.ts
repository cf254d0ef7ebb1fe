import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LanguageModelProcess,
  languageModelInstalled,
  startLanguageModel,
} from '@scrivo/adapters/testing/language-model-process';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import { completedRecording } from '../../api/test/recordings/support/completed-recording';
import type { TestClient } from '../../api/test/support/http-client';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';

/** Lines spread over the JFK clip's 11 seconds, so every summary time can be played. */
const transcriptOf = (language: string, lines: [string | null, string][]): TranscriptBody => {
  const step = 10 / lines.length;
  return {
    language,
    languageProbability: 0.99,
    durationSeconds: 11,
    text: lines.map(([, t]) => t).join(' '),
    segments: lines.map(([speaker, text], id) => ({
      id,
      start: Math.round(id * step * 10) / 10,
      end: Math.round((id + 1) * step * 10) / 10,
      text: ` ${text}`,
      speaker,
      words: [],
    })),
    engine: 'test:fixed',
  };
};

const meeting = transcriptOf('en', [
  ['Anna', 'Good morning everyone, let us start with the launch of the new mobile app.'],
  ['Ben', 'The app store review took longer than planned, so we are two weeks late.'],
  ['Anna', 'Then we agree to move the launch date to the ninth of March.'],
  ['Carla', 'That works for marketing. I will book the venue for the launch party this week.'],
  ['Ben', 'I will update the press release and send it to Anna by Friday.'],
  ['Anna', 'Next topic is the budget. We decide to shift twenty percent of the social budget to search ads.'],
  ['Carla', 'I will prepare the new budget table for the finance team.'],
]);
const spanish = transcriptOf('es', [
  [null, 'Buenos días a todos.'],
  [null, 'La reunión del lunes empieza a las nueve.'],
  [null, 'María enviará el informe el viernes.'],
]);

const download = async (page: Page, start: () => Promise<void>) => {
  const [file] = await Promise.all([page.waitForEvent('download'), start()]);
  const path = join(mkdtempSync(join(tmpdir(), 'scrivo-export-')), file.suggestedFilename());
  await file.saveAs(path);
  return path;
};

describe.skipIf(!languageModelInstalled())(
  'summaries and translations in Chromium, written by the local model',
  () => {
    let llm: LanguageModelProcess;
    let app: TestApp;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    const contextFor = async (client: TestClient) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        acceptDownloads: true,
      });
      await context.addCookies([browserSession(client, app.url)]);
      contexts.push(context);
      return context;
    };

    beforeAll(async () => {
      llm = await startLanguageModel();
      app = await startTestApp({
        SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
        SCRIVO_IN_PROCESS_LANGUAGE_WORKER: 'true',
        SCRIVO_LLM_URL: llm.url,
      });
      browser = await launchBrowser();
    }, 240_000);
    afterAll(async () => {
      for (const c of contexts) await c.close();
      await browser?.close();
      await app?.close();
      await llm?.stop();
    });

    it('a Business Pro user gets a summary whose times seek the player, edits it, and exports it in the DOCX', async () => {
      const { client } = await signedInClient(app, { plan: 'business_pro' });
      const id = await completedRecording(app, client, meeting);
      const page = await (await contextFor(client)).newPage();
      await page.goto(`${app.url}/transcription/${id}`);
      await page.getByRole('tab', { name: 'Summary' }).click();
      await page.getByRole('button', { name: 'Summarize' }).click();
      await page.getByRole('progressbar', { name: 'Summary progress' }).waitFor();
      await page.getByTestId('summary-overview').waitFor({ timeout: 240_000 });
      expect(await page.getByTestId('summary-chapters').locator('li').count()).toBeGreaterThan(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // A point's time plays the recording from there.
      await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
      // Every point and chapter carries its time (m:ss) at the start of its button's name or in its label.
      const links = page.getByTestId('summary').getByRole('button', { name: /(^Play from |^\d+:\d\d )/ });
      const labels = await links.evaluateAll((els) =>
        els.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''),
      );
      const index = labels.findIndex((l) => !/\b0:00\b/.test(l));
      const summaryText = await page.getByTestId('summary').innerText();
      expect(index, `${labels.join(', ')}\n${summaryText}`).toBeGreaterThanOrEqual(0);
      const [, m, s] = /(\d+):(\d\d)/.exec(labels[index]!)!;
      await links.nth(index).click();
      const at = await page.evaluate(() => document.querySelector('audio')!.currentTime);
      expect(Math.abs(at - (Number(m) * 60 + Number(s)))).toBeLessThan(1);

      // Edit the overview: autosaved, still there after a reload.
      await page.getByRole('button', { name: 'Edit summary' }).click();
      const overview = page.getByLabel('Overview');
      await overview.fill('The launch moves to 9 March and budget shifts to search ads.');
      await page
        .getByTestId('summary-save-status')
        .getByText('All changes saved')
        .waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Done editing' }).click();
      await page.reload();
      await page.getByRole('tab', { name: 'Summary' }).click();
      await page.getByText('The launch moves to 9 March and budget shifts to search ads.').waitFor();

      // Export the DOCX with the summary first.
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('radio', { name: /Word document/ }).check();
      await page.getByRole('checkbox', { name: 'Summary' }).check();
      const path = await download(page, () => page.getByRole('button', { name: 'Download DOCX' }).click());
      const xml = execFileSync('python3', [
        '-c',
        'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read("word/document.xml").decode())',
        path,
      ]).toString();
      expect(xml).toContain('The launch moves to 9 March and budget shifts to search ads.');
      expect(xml).toContain('ninth of March');
    }, 300_000);

    it('a Premium user sees what a summary would give, then translates Spanish into English and downloads SRT', async () => {
      const { client } = await signedInClient(app, { plan: 'premium' });
      const id = await completedRecording(app, client, spanish);
      const page = await (await contextFor(client)).newPage();
      await page.goto(`${app.url}/transcription/${id}`);
      await page.getByRole('tab', { name: 'Summary' }).click();
      await page.getByTestId('summary-upsell').waitFor();

      await page.getByRole('tab', { name: 'Translation' }).click();
      await page.getByLabel('Translate into').selectOption('en');
      await page.getByLabel('Engine').selectOption('local');
      await page.getByRole('button', { name: 'Translate' }).click();
      await page.getByTestId('translation-segments').waitFor({ timeout: 180_000 });
      expect(await page.getByTestId('translation-label').textContent()).toMatch(/^Machine draft by local:/);
      const rows = (await page.getByTestId('translation-segments').innerText()).toLowerCase();
      expect(rows).toContain('viernes'); // the original beside it
      expect(rows).toMatch(/friday/);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('radio', { name: /SubRip/ }).check();
      await page.getByLabel('Export language').selectOption('en');
      const path = await download(page, () => page.getByRole('button', { name: 'Download SRT' }).click());
      const srt = readFileSync(path, 'utf8');
      expect(srt).toMatch(/^1\r?\n00:00:00,000 --> /);
      expect(srt.toLowerCase()).toMatch(/friday/);
      expect(srt).not.toMatch(/viernes/);
    }, 240_000);
  },
);
