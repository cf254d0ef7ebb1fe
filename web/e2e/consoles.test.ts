import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITOR, AUDITOR_ENV } from '../../api/test/audit/support';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';

const ADMIN = { email: 'root@scrivo.test', password: 'admin-secret-1' };
/** The banner shows a second after load (BANNER_DELAY_MS); waiting longer proves it stays away. */
const PAST_BANNER_DELAY_MS = 2_000;

describe('the admin and auditor consoles, seen by their staff in Chromium', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_ADMIN_EMAIL: ADMIN.email,
      SCRIVO_ADMIN_PASSWORD: ADMIN.password,
      ...AUDITOR_ENV,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A browser that never answered the cookie banner, as a new operator's. */
  const freshPage = async (): Promise<Page> =>
    (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const cookieBanner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

  it('shows the admin no cookie banner, and one way to sign out of the chat queue: "Sign out"', async () => {
    const page = await freshPage();
    await page.goto(`${app.url}/admin/login`);
    await page.getByLabel('Username').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/chat');
    await page.getByRole('heading', { name: 'Support chat' }).waitFor();
    await page.waitForTimeout(PAST_BANNER_DELAY_MS);
    expect(await cookieBanner(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);

    // The same browser on the public site still gets the banner: only the consoles leave it out.
    await page.goto(`${app.url}/plans`);
    await cookieBanner(page).waitFor();
    await page.context().close();
  });

  it('shows the auditor no cookie banner', async () => {
    const page = await freshPage();
    await page.goto(`${app.url}/audit`);
    await page.waitForURL('**/audit/login');
    await page.getByLabel('Email').fill(AUDITOR.email);
    await page.getByLabel('Password').fill(AUDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('form', { name: 'Find streams' }).waitFor();
    await page.waitForTimeout(PAST_BANNER_DELAY_MS);
    expect(await cookieBanner(page).count()).toBe(0);
    await page.context().close();
  });
});
