import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { given, recordingCreated } from '../../api/test/support/given';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';

const DAY_MS = 24 * 3600 * 1000;

describe('keeping my own recordings for a set time, in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    // A timer that never ticks during the test: this is about the setting and the dates it shows.
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_RETENTION_INTERVAL_MS: '3600000',
    });
    browser = await launchBrowser();
    const owner = await signedInClient(app);
    const id = `e2e-kept-${owner.userId}`;
    await given(app).recording(id, [
      recordingCreated(id, owner.userId, 'Old standup', new Date(Date.now() - 25 * DAY_MS).toISOString()),
    ]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(owner.client, app.url)]);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('is off until set on Data & privacy; then each recording of my own space shows when it goes', async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/data-privacy`);
    const now = page.getByTestId('personal-retention-now');
    await expect.poll(() => now.textContent()).toContain('Recordings are kept until you delete them.');
    await page.getByLabel('After a recording’s time').selectOption('recording');
    await page.getByLabel('Days after upload').fill('30');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => now.textContent()).toContain('A recording moves to the bin 30 days after upload');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('personal-retention-now').textContent())
      .toContain('30 days after upload');

    await page.goto(`${app.url}/recordings`);
    const date = page.getByTestId('removal-date');
    await date.waitFor();
    expect(await date.textContent()).toMatch(/^Moves to the bin on /);
  });
});
