import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';

describe('the app shell in Chromium', () => {
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

  it('serves the single-page app from the API', async () => {
    const page = await browser.newPage();
    const response = await page.goto(app.url);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain('Scrivo');
    await page.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/no-such-page/anywhere`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).isVisible()).toBe(true);
    await page.close();
  });

  it('answers unknown API paths with the JSON error shape, not the app', async () => {
    const response = await fetch(`${app.url}/api/no-such-endpoint`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
  });

  it('never answers an API-looking GET with the app, however spelled (the OpenAI-compatible /v1 too)', async () => {
    for (const path of ['/API/recordings', '//api/recordings', '/v1/audio/transcriptions', '/V1/models']) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).not.toContain('text/html');
    }
  });
});
