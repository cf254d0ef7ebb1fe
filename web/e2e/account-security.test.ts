import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser, declinedCookies } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';

describe('/account security in Chromium: sessions and password', () => {
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

  /** A fresh browser profile signing in through the real form. */
  const signInPage = async (email: string, password: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1200 } });
    await declinedCookies(context);
    const page = await context.newPage();
    await page.goto(`${app.url}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    return page;
  };

  it('lists this browser and another one, signs the other out, then changes the password', async () => {
    const { client: elsewhere, email } = await signedInClient(app);
    const page = await signInPage(email, 'test-password');
    await page.goto(`${app.url}/account`);
    const security = page.getByRole('region', { name: 'Security' });
    const sessions = security.getByRole('list', { name: 'Active sessions' });
    await sessions.getByText('This browser').waitFor();
    await expect(sessions.getByRole('listitem').count()).resolves.toBe(2);
    await expect(
      sessions.getByRole('listitem').filter({ hasText: 'This browser' }).textContent(),
    ).resolves.toMatch(/Chrome \(headless\) on Linux.*Last used/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await sessions.getByRole('button', { name: /^Sign out Unknown device/ }).click();
    await expect.poll(() => sessions.getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    expect((await elsewhere.api.accounts.currentUser()).status).toBe(401);

    const other = await signInPage(email, 'test-password');
    await security.getByLabel('Current password').fill('not-it');
    await security.getByLabel('New password', { exact: true }).fill('a-new-password');
    await security.getByLabel('Confirm new password').fill('a-new-password');
    await security.getByRole('button', { name: 'Change password' }).click();
    await security.getByRole('alert').getByText('The current password is not correct.').waitFor();

    await security.getByLabel('Current password').fill('test-password');
    await security.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('toast').getByText('1 other session was signed out').waitFor();
    expect(await other.evaluate(() => fetch('/api/user').then((r) => r.status))).toBe(401);
    expect(await page.evaluate(() => fetch('/api/user').then((r) => r.status))).toBe(200);
    await expect(security.getByLabel('Current password').inputValue()).resolves.toBe('');
  }, 90_000);
});
