import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../api/test/support/http-client';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import {
  signatureIsValid,
  startReceiver,
  type WebhookReceiver,
} from '../../api/test/webhooks/support/receiver';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';

describe('Account > Developer in Chromium: a webhook is added, tested, listed and deleted', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let owner: TestClient;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_WEBHOOKS_ALLOW_PRIVATE: 'true',
      SCRIVO_WEBHOOK_DELIVERY_INTERVAL_MS: '100',
    });
    browser = await launchBrowser();
    ({ client: owner } = await signedInClient(app));
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(owner, app.url)]);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
    await receiver?.close();
  });

  it('shows the secret once; "Send test" reaches the receiver signed and is listed as delivered', async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/account`);
    const developer = page.getByRole('region', { name: 'Developer' });
    await developer.getByLabel('Receiver address').fill(receiver.url);
    await developer.getByLabel('Transcription failed').uncheck();
    await developer.getByRole('button', { name: 'Add webhook' }).click();
    const secret = await developer.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    const row = page.getByTestId('webhook').filter({ hasText: receiver.url });
    await expect(row.textContent()).resolves.toContain('Transcription completed');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Send test' }).click();
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.body.type).toBe('webhook.test');
    expect(signatureIsValid(delivery!, secret)).toBe(true);
    const listed = row.getByTestId('webhook-delivery');
    await listed.filter({ hasText: 'Delivered' }).waitFor();
    await expect(listed.textContent()).resolves.toMatch(/webhook\.test.*Delivered.*200/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.reload();
    expect(await page.getByLabel('Signing secret').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await page
      .getByTestId('webhook')
      .filter({ hasText: receiver.url })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('No webhooks yet.').waitFor();
  }, 60_000);
});
