import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser, declinedCookies } from './support/browser';

const PHONE = { width: 390, height: 844 };

describe('the public pages, seen by someone who is signed in (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A browser context with a signed-in user's session (cookie choice made, so no banner covers the page). */
  const signedIn = async (viewport = { width: 1280, height: 900 }): Promise<BrowserContext> => {
    const { client } = await signedInClient(app);
    const context = await browser.newContext({ viewport });
    await context.addCookies([browserSession(client, app.url)]);
    await declinedCookies(context);
    return context;
  };

  const header = (page: Page) => page.locator('header').first();
  const headerLinks = (page: Page) =>
    header(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => `${a.textContent?.trim()} ${a.getAttribute('href')}`));

  it('offers the Dashboard, and neither Sign In nor Sign Up, on /, /plans and /plan-selection', async () => {
    const context = await signedIn();
    const page = await context.newPage();
    for (const path of ['/', '/plans', '/plan-selection']) {
      await page.goto(app.url + path);
      await header(page).getByRole('link', { name: 'Dashboard' }).waitFor();
      const links = await headerLinks(page);
      expect(links, path).toContain('Dashboard /dashboard');
      expect(
        links.filter((l) => /Sign (In|Up)/.test(l)),
        path,
      ).toEqual([]);
    }
    await header(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/dashboard/);
    await context.close();
  });

  it('still offers Sign In and Sign Up to a visitor', async () => {
    const context = await browser.newContext();
    await declinedCookies(context);
    const page = await context.newPage();
    await page.goto(app.url + '/plans');
    await header(page).getByRole('link', { name: 'Sign Up' }).waitFor();
    const links = await headerLinks(page);
    expect(links).toEqual(expect.arrayContaining(['Sign In /signin', 'Sign Up /signup']));
    expect(links.some((l) => l.startsWith('Dashboard'))).toBe(false);
    await context.close();
  });

  it('says the minutes a weekly price buys per week, and the monthly allowance next to a monthly price', async () => {
    const context = await signedIn();
    const page = await context.newPage();
    await page.goto(app.url + '/plan-selection');
    const premium = page.getByRole('article', { name: 'Premium' });
    await premium.getByText('/week').waitFor();
    expect(await premium.textContent()).toContain('28 minutes per week (120 a month)');
    expect(await premium.textContent()).not.toContain('120 minutes per month');
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await premium.getByText('/month').waitFor();
    expect(await premium.textContent()).toContain('120 minutes per month');
    await context.close();
  });

  it('explains, beside the button on a phone, why "Get Business Pro" cannot be bought without payments', async () => {
    const context = await signedIn(PHONE);
    const page = await context.newPage();
    await page.goto(app.url + '/plan-selection');
    await page.getByRole('button', { name: 'Get Business Pro' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('granted by its administrator');
    // In sight where the user tapped: not above the cards, a few screens up.
    const box = await alert.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    await context.close();
  });
});
