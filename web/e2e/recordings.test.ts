import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import pdf from 'pdf-parse/lib/pdf-parse.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import {
  dropFiles,
  horizontalOverflow,
  seriousA11yViolations,
  signedInContext,
} from './support/recordings-browser';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');
const PHRASE = 'ask not what your country can do for you';

describe.skipIf(!speechWorkerInstalled())('recordings in Chromium, with the real speech worker', () => {
  let worker: SpeechWorkerProcess;
  let app: TestApp;
  let browser: Browser;
  let firstRecordingId = '';

  beforeAll(async () => {
    worker = await startSpeechWorker();
    app = await startTestApp({ SCRIVO_SPEECH_URL: worker.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await worker?.stop();
  });

  describe('from upload to export and delete', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context } = await signedInContext(app, browser));
      page = await context.newPage();
    });
    afterAll(() => context?.close());

    it('uploads jfk.wav through the dropzone and shows progress and live status without reloading', async () => {
      await page.goto(`${app.url}/dashboard`);
      await page.getByRole('heading', { name: 'Transcribe a recording' }).waitFor();
      await page.getByTestId('live').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Everything the status badges and upload bar show is recorded as it happens, and the page must not reload.
      await page.evaluate(() => {
        const seen = { statuses: [] as string[], percents: [] as string[] };
        (window as unknown as { seen: typeof seen }).seen = seen;
        new MutationObserver(() => {
          for (const badge of document.querySelectorAll('[data-testid="status-badge"]')) {
            const status = badge.getAttribute('data-status')!;
            if (seen.statuses.at(-1) !== status) seen.statuses.push(status);
          }
          for (const percent of document.querySelectorAll('[data-testid="upload-percent"]')) {
            if (seen.percents.at(-1) !== percent.textContent) seen.percents.push(percent.textContent!);
          }
        }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      });

      await dropFiles(page, [{ path: JFK, type: 'audio/wav' }]);
      await page.getByTestId('upload-item').first().waitFor();
      const item = page.getByTestId('recording-item').filter({ hasText: 'jfk' });
      await item.getByText('Completed').waitFor({ timeout: 120_000 });

      const seen = await page.evaluate(
        () => (window as unknown as { seen: { statuses: string[]; percents: string[] } }).seen,
      );
      expect(seen.percents.length).toBeGreaterThan(0);
      expect(seen.statuses.at(-1)).toBe('completed');
      expect(seen.statuses.some((s) => ['uploading', 'queued', 'transcribing'].includes(s))).toBe(true);
      firstRecordingId = (await item.getAttribute('data-recording-id'))!;
      await expect(page.getByTestId('usage').textContent()).resolves.toMatch(/used/);
    });

    it('opens the transcript, plays from a clicked word, changes speed and shows the shortcuts', async () => {
      await page.getByTestId('recording-item').filter({ hasText: 'jfk' }).getByRole('link').first().click();
      await page.waitForURL(`**/transcription/${firstRecordingId}`);
      const transcript = page.getByTestId('transcript');
      await transcript.waitFor();
      expect(phraseErrorRate(PHRASE, await transcript.innerText())).toBeLessThanOrEqual(HEARD);
      await expect(page.getByTestId('language').textContent()).resolves.toContain('English');

      const audio = page.locator('audio');
      await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
      const word = transcript.locator('[data-start]', { hasText: /^country/ }).first();
      const start = Number(await word.getAttribute('data-start'));
      expect(start).toBeGreaterThan(1);
      await word.click();
      // A click on a word plays from it; paused here so the checks below read a position that stands still.
      await page.waitForFunction(
        (s) =>
          !document.querySelector('audio')!.paused &&
          document.querySelector('audio')!.currentTime >= s - 0.05,
        start,
      );
      await page.getByRole('button', { name: 'Pause', exact: true }).click();
      const at = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
      expect(at).toBeLessThan(start + 2);
      await expect(page.getByTestId('current-time').textContent()).resolves.toBe(`0:0${Math.floor(at)}`);

      await page.getByLabel('Speed').selectOption('1.5');
      expect(await audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);
      await page.locator('body').press('>');
      expect(await audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.75);

      await page.locator('body').press('ArrowLeft');
      await page.waitForFunction(
        (s) => Math.abs(document.querySelector('audio')!.currentTime - Math.max(0, s - 5)) < 0.05,
        at,
      );

      await page.locator('body').press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'hidden' });

      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    it('renames the recording', async () => {
      await page.getByRole('button', { name: /^Rename/ }).click();
      await page.getByLabel('New title').fill('JFK inaugural address');
      await page.getByLabel('New title').press('Enter');
      await page.getByRole('heading', { name: 'JFK inaugural address' }).waitFor();
    });

    it('exports SRT and PDF files that arrive with sensible names and parse', async () => {
      const exportAs = async (label: RegExp) => {
        await page.getByRole('button', { name: 'Export' }).click();
        await page.getByRole('radio', { name: label }).check();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: /^Download/ }).click(),
        ]);
        const path = join(mkdtempSync(join(tmpdir(), 'scrivo-export-')), download.suggestedFilename());
        await download.saveAs(path);
        return { name: download.suggestedFilename(), path };
      };

      const srt = await exportAs(/SubRip/);
      expect(srt.name).toMatch(/JFK inaugural address.*\.srt$/);
      const subtitles = readFileSync(srt.path, 'utf8');
      expect(subtitles).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}/);
      expect(phraseErrorRate('ask not what your country', subtitles)).toBeLessThanOrEqual(HEARD);

      const document = await exportAs(/PDF/);
      expect(document.name).toMatch(/JFK inaugural address.*\.pdf$/);
      expect(statSync(document.path).size).toBeGreaterThan(500);
      const parsed = await pdf(readFileSync(document.path));
      expect(phraseErrorRate('ask not what your country', parsed.text)).toBeLessThanOrEqual(HEARD);
    });

    it('is not found for another user, even with its address', async () => {
      const other = await signedInContext(app, browser, { width: 360, height: 740 });
      const stranger = await other.context.newPage();
      await stranger.goto(`${app.url}/transcription/${firstRecordingId}`);
      await stranger.getByRole('heading', { name: 'Recording not found' }).waitFor();
      expect(await horizontalOverflow(stranger)).toBeLessThanOrEqual(0);
      await other.context.close();
    });

    it('finds the recording in the library by a word of its transcript, highlighted', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recordings' }).click();
      await page.getByRole('heading', { name: 'Recordings', level: 1 }).waitFor();
      await page.getByLabel('Search titles and transcripts').fill('Americans');
      await page.waitForURL(/q=Americans/);
      const item = page.getByTestId('recording-item').filter({ hasText: 'JFK inaugural address' });
      await item.waitFor();
      await expect(item.locator('mark').first().textContent()).resolves.toMatch(/americans/i);
      await page.getByText('1 recording matches “Americans”').waitFor();
      // An ellipsis only where the transcript was cut: "Americans" is in its first words, so none in front.
      const snippet = await item.getByTestId('recording-snippet').textContent();
      expect(snippet).not.toContain('……');
      expect(snippet).not.toMatch(/^…/);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByLabel('Search titles and transcripts').fill('no such words anywhere');
      await page.getByText('No recording matches this search.').waitFor();
      await page.getByLabel('Search titles and transcripts').fill('');
      await item.waitFor();
    });

    it('deletes the recording after confirmation, with undo', async () => {
      const item = page.getByTestId('recording-item').filter({ hasText: 'JFK inaugural address' });
      await item.getByRole('button', { name: /^Delete/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this recording?' });
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await item.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: /^Undo/ }).click();
      await item.waitFor();

      await item.getByRole('button', { name: /^Delete/ }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await item.waitFor({ state: 'detached' });
      await page.getByText('No recordings yet').waitFor();
      const response = await page.request.get(`${app.url}/api/recordings/${firstRecordingId}`);
      expect(response.status()).toBe(404);
    });
  });

  it('resumes an upload that a page reload interrupted, from where it stopped', async () => {
    const { context } = await signedInContext(app, browser);
    const page = await context.newPage();
    // Longer than one 8 MB chunk: 48 kHz stereo, six JFKs in a row (66 s, about 12.7 MB).
    const big = join(mkdtempSync(join(tmpdir(), 'scrivo-big-')), 'six-jfks.wav');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-stream_loop',
      '5',
      '-i',
      JFK,
      '-ar',
      '48000',
      '-ac',
      '2',
      big,
    ]);

    await page.goto(`${app.url}/dashboard`);
    await page.getByTestId('live').waitFor();
    // Let the first chunk through, then cut the connection for everything after it.
    let patches = 0;
    let cut = true;
    await page.route('**/api/uploads/**', async (route) => {
      if (cut && route.request().method() === 'PATCH' && ++patches >= 2)
        return route.abort('internetdisconnected');
      await route.continue();
    });
    await dropFiles(page, [{ path: big, type: 'audio/wav' }]);
    // The queue says what happened and keeps trying by itself.
    await page.locator('[data-testid="upload-item"][data-phase="offline"]').waitFor();
    await expect(page.getByTestId('upload-item').textContent()).resolves.toContain(
      'Connection lost, retrying',
    );

    // The old page keeps retrying until the reload replaces it; the new page has a working connection.
    const afterReload: { method: string; offset: string | null }[] = [];
    page.once('framenavigated', () => {
      cut = false;
      page.on('request', (request) => {
        if (request.url().includes('/api/uploads')) {
          afterReload.push({ method: request.method(), offset: request.headers()['upload-offset'] ?? null });
        }
      });
    });
    await page.reload();
    const item = page.getByTestId('upload-item');
    await item.waitFor();
    await item.getByText(/Resum/).first().waitFor();
    await page.locator('[data-testid="upload-item"][data-phase="done"]').waitFor({ timeout: 60_000 });

    // No new upload was created: the same one continued from the first chunk's end.
    expect(afterReload.filter((r) => r.method === 'POST')).toEqual([]);
    expect(afterReload.some((r) => r.method === 'HEAD')).toBe(true);
    // It went on from the end of the first chunk.
    expect(afterReload.find((r) => r.method === 'PATCH')?.offset).toBe(String(8 * 1024 * 1024));
    const list = await page.request.get(`${app.url}/api/recordings`);
    const body = (await list.json()) as { total: number; items: { sizeBytes: number | null; id: string }[] };
    expect(body.total).toBe(1);
    expect(body.items[0]!.sizeBytes).toBe(statSync(big).size);
    // Its page shows the work in progress live, and cancelling (which also frees the worker) offers a retry.
    await page.goto(`${app.url}/transcription/${body.items[0]!.id}`);
    await page.getByRole('progressbar', { name: 'Progress' }).waitFor();
    await page.getByRole('button', { name: 'Cancel transcription' }).click();
    await page.getByText('The transcription was cancelled.').waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await context.close();
  });

  it('refuses a file that is not audio or video in plain words, and says why the server refuses a fake one', async () => {
    const { context } = await signedInContext(app, browser, { width: 360, height: 740 });
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await page.getByTestId('dropzone').waitFor();
    await dropFiles(page, [{ name: 'meeting notes.txt', type: 'text/plain', text: 'not a recording' }]);
    await expect(page.getByTestId('upload-refusal').textContent()).resolves.toBe(
      '“meeting notes.txt” is not an audio or video file. Scrivo transcribes MP3, WAV, M4A, WEBM, MP4 and other common audio and video formats. ',
    );
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A file that only looks like audio passes the browser's check; the server's probe refuses it when the
    // upload completes, with the reason, and no "Failed" entry with a useless Retry is left in the list.
    await dropFiles(page, [{ name: 'broken.wav', type: 'audio/wav', text: 'this is not audio at all' }]);
    const refused = page.getByTestId('upload-item').filter({ hasText: 'broken.wav' });
    await refused.getByText(/^This file has no audio we can read: /).waitFor();
    expect(await refused.getAttribute('data-phase')).toBe('refused');
    expect(await page.getByTestId('recording-item').filter({ hasText: 'broken' }).count()).toBe(0);
    await context.close();
  });

  it('shows the not-found state for an unknown id', async () => {
    const { context } = await signedInContext(app, browser, { width: 360, height: 740 });
    const page = await context.newPage();
    await page.goto(`${app.url}/transcription/no-such-recording`);
    await page.getByRole('heading', { name: 'Recording not found' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
