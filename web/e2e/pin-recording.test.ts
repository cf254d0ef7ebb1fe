import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { given, recordingCreated } from '../../api/test/support/given';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';

describe('pinning in the library, in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    browser = await launchBrowser();
    const owner = await signedInClient(app);
    const [older, newer] = [`e2e-pin-older-${owner.userId}`, `e2e-pin-newer-${owner.userId}`];
    await given(app).recording(older, [
      recordingCreated(older, owner.userId, 'Older notes', '2026-01-01T10:00:00.000Z'),
    ]);
    await given(app).recording(newer, [
      recordingCreated(newer, owner.userId, 'Newer notes', '2026-01-02T10:00:00.000Z'),
    ]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(owner.client, app.url)]);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('puts a pinned recording first, keeps it there after a reload, and lets it go back when unpinned', async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/recordings`);
    const rows = page.getByTestId('recording-item');
    const firstTitle = () => rows.first().getByRole('link').first().textContent();
    await page.getByRole('button', { name: 'Pin “Older notes”' }).waitFor();
    expect(await firstTitle()).toBe('Newer notes');

    await page.getByRole('button', { name: 'Pin “Older notes”' }).click();
    await page.getByRole('button', { name: 'Unpin “Older notes”' }).waitFor();
    await expect.poll(firstTitle).toBe('Older notes');
    await page.reload();
    await page.getByRole('button', { name: 'Unpin “Older notes”' }).waitFor();
    expect(await firstTitle()).toBe('Older notes');

    await page.getByRole('button', { name: 'Unpin “Older notes”' }).click();
    await page.getByRole('button', { name: 'Pin “Older notes”' }).waitFor();
    await expect.poll(firstTitle).toBe('Newer notes');
  });
});
