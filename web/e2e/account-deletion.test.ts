import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { JFK_PATH } from '../../api/test/recordings/support/stuck-upload';
import { TestClient } from '../../api/test/support/http-client';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser, declinedCookies } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';

describe('/data-privacy in Chromium: download my data, then delete my account', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '100', SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('downloads the archive, then erases the account: a wrong password changes nothing, the right one signs out', async () => {
    const { client, email } = await signedInClient(app);
    const form = new FormData();
    form.set('file', new Blob([readFileSync(JFK_PATH)]), 'jfk.wav');
    expect((await client.api.recordings.create({ body: form })).status).toBe(201);
    expect((await client.api.workspaces.create({ body: { name: 'Field notes' } })).status).toBe(201);

    const context = await browser.newContext({ viewport: { width: 1280, height: 1200 } });
    await declinedCookies(context);
    await context.addCookies([browserSession(client, app.url)]);
    const page = await context.newPage();
    await page.goto(`${app.url}/data-privacy`);

    const download = page.getByRole('region', { name: 'Download my data' });
    await download.getByRole('button', { name: 'Download my data' }).click();
    const link = download.getByRole('link', { name: /Download the archive/ });
    await link.waitFor({ timeout: 20_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(file.suggestedFilename()).toMatch(/^scrivo-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zipped = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
    expect(JSON.parse(strFromU8(zipped['account.json']!))).toMatchObject({ email });
    const media = Object.keys(zipped).find((name) => name.endsWith('/original.wav'))!;
    expect(Buffer.from(zipped[media]!).equals(readFileSync(JFK_PATH))).toBe(true);

    const section = page.getByRole('region', { name: 'Delete my account' });
    await section.getByText('This cannot be undone').waitFor();
    // The workspace it owns goes with it, unless handed over first: said before anything is done.
    await section
      .getByRole('alert')
      .getByText(/You own the workspace Field notes: it is deleted/)
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const button = section.getByRole('button', { name: 'Delete my account' });
    await expect(button.isDisabled()).resolves.toBe(true);
    await section.getByLabel('I understand').check();

    await section.getByLabel('Password to confirm').fill('not-my-password');
    await button.click();
    await section.getByRole('alert').getByText('The password is not correct.').waitFor();
    expect((await client.api.accounts.currentUser()).status).toBe(200);

    await section.getByLabel('Password to confirm').fill('test-password');
    await button.click();
    await section.getByRole('status').getByText('Your account has been deleted.').waitFor();
    await page.waitForURL(`${app.url}/`, { timeout: 10_000 });
    expect(await page.evaluate(() => fetch('/api/user').then((r) => r.status))).toBe(401);
    expect((await client.api.accounts.currentUser()).status).toBe(401);
    const signIn = await new TestClient(app.url).api.accounts.login({
      body: { email, password: 'test-password' },
    });
    expect(signIn.status).toBe(401);
    await context.close();
  }, 90_000);
});
