import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { dropFiles, seriousA11yViolations, signedInContext } from './support/recordings-browser';

const NOTES = 'These are my meeting notes, not audio.\n'.repeat(20);

describe('a file with no audio we can read, kept only because its owner asks (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    browser = await launchBrowser();
    ({ context } = await signedInContext(app, browser));
    page = await context.newPage();
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('refuses a text file named .mp3 with the reason, keeps it on request, and the library offers it as a file', async () => {
    await page.goto(`${app.url}/dashboard`);
    await page.getByTestId('dropzone').waitFor();
    await dropFiles(page, [{ name: 'notes.mp3', type: 'audio/mpeg', text: NOTES }]);

    const upload = page.getByTestId('upload-item').filter({ hasText: 'notes.mp3' });
    await upload.getByText(/^This file has no audio we can read: /).waitFor();
    expect(await upload.getAttribute('data-phase')).toBe('refused');
    // Nothing is kept until the owner says so.
    expect(await page.getByTestId('recording-item').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await upload.getByRole('button', { name: 'Keep the file anyway' }).click();
    await upload.getByText('Kept in your recordings as a file. It will not be transcribed.').waitFor();

    await page.goto(`${app.url}/recordings`);
    const kept = page.getByTestId('recording-item').filter({ hasText: 'notes' });
    await kept.getByText('Not audio we can read: kept as a file').waitFor();
    expect(await kept.getByTestId('status-badge').innerText()).toBe('Kept as a file');
    expect(await kept.innerText()).toMatch(/This file has no audio we can read/);
    expect(await kept.getByRole('button', { name: /Retry|Try again/ }).count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      kept.getByRole('link', { name: 'Download the file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('notes.mp3');
    expect(readFileSync((await download.path())!, 'utf8')).toBe(NOTES);

    await kept.getByRole('button', { name: 'Delete “notes”' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await kept.waitFor({ state: 'detached' });
  });
});
