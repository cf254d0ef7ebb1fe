import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedRecording } from '../../api/test/recordings/support/completed-recording';
import type { TestClient } from '../../api/test/support/http-client';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { dropFiles, seriousA11yViolations } from './support/recordings-browser';

const shownTitles = async (page: Page) =>
  (await page.getByRole('list', { name: 'Recordings' }).getByRole('link').allTextContents()).sort();

describe('the library in Chromium: folders and tags made, recordings moved and tagged together, filters', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let owner: TestClient;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scrivo-library-e2e-'));
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    browser = await launchBrowser();
    ({ client: owner } = await signedInClient(app, { plan: 'premium' }));
    for (const title of ['Board meeting', 'Client call', 'Podcast intro']) {
      const id = await completedRecording(app, owner);
      expect((await owner.api.recordings.update({ params: { id }, body: { title } })).status).toBe(200);
    }
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(owner, app.url)]);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves and tags two recordings at once, then filters the library by folder and by tag', async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/recordings`);
    await page.getByRole('link', { name: 'Podcast intro' }).waitFor();
    await page.getByRole('button', { name: 'Folders and tags' }).click();
    await page.getByPlaceholder('New folder').fill('Meetings');
    await page.getByRole('button', { name: 'Add folder' }).click();
    await page.getByTestId('folder-row').filter({ hasText: 'Meetings' }).waitFor();
    await page.getByPlaceholder('New tag').fill('follow-up');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByTestId('tag-row').filter({ hasText: 'follow-up' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Select “Board meeting”').check();
    await page.getByLabel('Select “Client call”').check();
    const bulk = page.getByRole('region', { name: 'Selected recordings' });
    await expect(bulk.textContent()).resolves.toContain('2 selected');
    await bulk.getByLabel('Move to folder').selectOption({ label: 'Meetings' });
    await bulk.getByRole('button', { name: 'Move', exact: true }).click();
    await bulk.waitFor({ state: 'detached' });
    await page.getByLabel('Select “Client call”').check();
    await page.getByLabel('Select “Podcast intro”').check();
    await bulk.getByLabel('Tag to add or remove').selectOption({ label: 'follow-up' });
    await bulk.getByRole('button', { name: 'Add tag', exact: true }).click();
    await bulk.waitFor({ state: 'detached' });
    await page.getByTestId('recording-labels').filter({ hasText: 'Folder: Meetings' }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const filters = page.getByRole('main');
    await filters.getByLabel('Show folder').selectOption({ label: 'Meetings' });
    await page.waitForURL(/folder=/);
    await expect.poll(() => shownTitles(page)).toEqual(['Board meeting', 'Client call']);
    await filters.getByLabel('Show tag').selectOption({ label: 'follow-up' });
    await expect.poll(() => shownTitles(page)).toEqual(['Client call']);
    await filters.getByLabel('Show folder').selectOption({ label: 'All folders' });
    await expect.poll(() => shownTitles(page)).toEqual(['Client call', 'Podcast intro']);

    // The filter is in the address: a reload shows the same list.
    await page.reload();
    await expect.poll(() => shownTitles(page)).toEqual(['Client call', 'Podcast intro']);
  }, 90_000);

  it('downloads the chosen recordings as one zip of PDFs, and deletes several at once with an undo', async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/recordings`);
    await page.getByRole('link', { name: 'Podcast intro' }).waitFor();
    await page.getByLabel('Select “Board meeting”').check();
    await page.getByLabel('Select “Client call”').check();
    const bulk = page.getByRole('region', { name: 'Selected recordings' });
    await bulk.getByLabel('Export format').selectOption({ label: 'PDF document (.pdf)' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bulk.getByRole('button', { name: 'Download zip' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Scrivo transcripts (2).zip');
    const zip = join(dir, 'export.zip');
    await download.saveAs(zip);
    const names = execFileSync('python3', [
      '-c',
      'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print("\\n".join(sorted(n for n in z.namelist() if z.read(n).startswith(b"%PDF-"))))',
      zip,
    ])
      .toString()
      .trim()
      .split('\n');
    expect(names).toEqual(['Board meeting.pdf', 'Client call.pdf']);

    await page.getByLabel('Select “Board meeting”').uncheck();
    await page.getByLabel('Select “Podcast intro”').check();
    await bulk.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete these 2 recordings?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const undo = page.getByRole('status').filter({ hasText: '2 recordings deleted.' });
    await undo.waitFor();
    await expect.poll(() => shownTitles(page)).toEqual(['Board meeting']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await undo.getByRole('button', { name: /^Undo/ }).click();
    await expect.poll(() => shownTitles(page)).toEqual(['Board meeting', 'Client call', 'Podcast intro']);
  }, 90_000);

  it('says at once that a 0 s recording is 0 seconds long, and leaves no failed entry behind', async () => {
    const zero = join(dir, 'empty take.wav');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=44100:cl=stereo',
      '-t',
      '0',
      zero,
    ]);
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await page.getByTestId('dropzone').waitFor();
    await dropFiles(page, [{ path: zero, type: 'audio/wav' }]);
    const item = page.getByTestId('upload-item').filter({ hasText: 'empty take.wav' });
    const refusal = item.getByTestId('upload-refusal');
    await refusal.getByText(/^This recording is 0 seconds long/).waitFor();
    expect(await refusal.textContent()).not.toMatch(/damaged/);
    await page.goto(`${app.url}/recordings`);
    await page.getByRole('link', { name: 'Board meeting' }).waitFor();
    expect(await shownTitles(page)).not.toContain('empty take');
  }, 60_000);
});
