import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withKey } from '../../api/test/api-keys/support';
import type { TestClient } from '../../api/test/support/http-client';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';

describe('Account > Developer in Chromium: an API key is shown once, works, and stops when revoked', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let owner: TestClient;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    browser = await launchBrowser();
    ({ client: owner } = await signedInClient(app, { plan: 'premium' }));
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(owner, app.url)]);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('creates a read key, shows its secret once, then revokes it', async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/account`);
    const developer = page.getByRole('region', { name: 'Developer' });
    await developer.getByLabel('Key name').fill('Dashboard');
    await developer.getByRole('button', { name: 'Create key' }).click();
    const secret = await developer.getByLabel('New API key').inputValue();
    expect(secret).toMatch(/^sk_scrivo_/);
    expect((await withKey(app.url, secret, 'GET', '/api/recordings')).status).toBe(200);
    expect((await withKey(app.url, secret, 'PATCH', '/api/recordings/x', { title: 'x' })).status).toBe(403);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.reload();
    const row = page.getByTestId('api-key').filter({ hasText: 'Dashboard' });
    await expect(row.textContent()).resolves.toMatch(/Read only.*last used/);
    expect(await page.getByLabel('New API key').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();
    expect((await withKey(app.url, secret, 'GET', '/api/recordings')).status).toBe(401);
  }, 60_000);

  it("'See the API guide' opens the help centre's API article, which shows how to call the API with a key", async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/account`);
    const developer = page.getByRole('region', { name: 'Developer' });
    await developer.getByRole('link', { name: 'API guide' }).click();
    await page.waitForURL('**/help#using-the-api');
    const article = page.getByRole('region', { name: 'Using the Scrivo API (API keys and webhooks)' });
    await article.getByRole('heading', { name: 'Create an API key' }).waitFor();
    expect(await article.textContent()).toContain('Authorization: Bearer <key>');
    // The browser scrolled to the article.
    await expect
      .poll(() => article.evaluate((el) => el.getBoundingClientRect().top), { timeout: 5000 })
      .toBeLessThan(300);
    await page.close();
  }, 60_000);
});
