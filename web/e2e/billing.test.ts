import { type RunningServer, serverBinary, startStripeMock } from '@scrivo/adapters/testing/real-servers';
import { stripeEvent } from '@scrivo/adapters/testing/stripe-events';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, stripeEnv } from '../../api/test/billing/support';
import { signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser, declinedCookies } from './support/browser';
import { bodyOf } from '../../api/test/support/expect-status';

const STRIPE_MOCK = serverBinary('stripe-mock');

/**
 * A checkout round trip in Chromium against the real API with Stripe settings pointed at stripe-mock: the user
 * clicks Premium weekly and is sent to the Checkout page the API got from stripe-mock. That page is Stripe's
 * (stripe.com is out of reach here, so the browser is shown a stand-in at that address); what turns the plan on
 * is, as in production, Stripe's signed webhook, which the test delivers as Stripe would.
 */
describe.skipIf(!STRIPE_MOCK)('buying a plan through Stripe Checkout in Chromium', () => {
  let stripe: RunningServer;
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    stripe = await startStripeMock(STRIPE_MOCK!);
    app = await startTestApp({ ...stripeEnv(stripe.url), SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await stripe?.stop();
  });

  it('Premium weekly: checkout, the signed webhook, and /account shows Premium active with Manage billing', async () => {
    const { client, userId } = await signedInClient(app);
    const context = await browser.newContext({ viewport: { width: 1280, height: 1200 } });
    await declinedCookies(context);
    const { hostname } = new URL(app.url);
    await context.addCookies([
      { name: 'scrivo_session', value: client.cookie('scrivo_session')!, domain: hostname, path: '/' },
    ]);
    const stripePages: string[] = [];
    await context.route(/^https:\/\/[^/]*stripe\.(com|me)\//, async (route) => {
      stripePages.push(route.request().url());
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>Stripe</title><h1>Stripe</h1>',
      });
    });
    const page = await context.newPage();

    await page.goto(`${app.url}/plan-selection`);
    await page
      .getByRole('radiogroup', { name: 'Billing period' })
      .getByRole('radio', { name: 'Weekly' })
      .click();
    const request = page.waitForRequest((r) => r.url().endsWith('/api/account/plan'));
    await page.locator('article[data-plan="premium"]').getByRole('button').click();
    expect((await request).postDataJSON()).toEqual({ plan: 'premium', billingPeriod: 'weekly' });
    // Sent to the Checkout page stripe-mock made for the session.
    await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/pay\/c\/cs_test_/);
    expect(stripePages).toHaveLength(1);

    // Not yet paid: nothing changed.
    expect(bodyOf(await client.api.accounts.currentUser(), 200)).toMatchObject({
      plan: 'free',
      subscription: null,
    });

    // Stripe confirms the payment; back on /account (Checkout's success URL) the plan is on.
    const sent = await deliver(
      app.url,
      stripeEvent.checkoutCompleted({ userId, plan: 'premium', billingPeriod: 'weekly' }),
    );
    expect(sent.status, sent.text).toBe(200);
    await page.goto(`${app.url}/account?checkout=done`);
    const plan = page.getByRole('region', { name: 'Plan' });
    await plan.getByText('Premium', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('subscription').textContent()).toContain('Premium, weekly');
    expect(await page.getByTestId('subscription').textContent()).toContain('Renews on');
    await expect
      .poll(() => page.getByTestId('account-minutes').textContent())
      .toContain('of 28 minutes used');

    await plan.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(/stripe\.me\//);
    await context.close();
  });
});
