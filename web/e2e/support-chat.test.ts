import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { declinedCookies, launchBrowser } from './support/browser';
import { hostHtml, startHostPage } from '../../widget/e2e/host-server';

const ADMIN = { email: 'agent@scrivo.test', password: 'correct horse battery' };

/** A browser profile that already answered the cookie banner (it would cover the admin's buttons). */
const newContext = async (browser: Browser) => {
  const context = await browser.newContext();
  await declinedCookies(context);
  return context;
};

const openWidget = async (page: Page): Promise<Frame> => {
  const handle = await page.waitForSelector('iframe[title="Support chat"]', { state: 'attached' });
  const frame = (await handle.contentFrame())!;
  const launcher = frame.getByRole('button', { name: /Open support chat/ });
  await launcher.click();
  return frame;
};
const ask = async (frame: Frame, text: string) => {
  const box = frame.getByRole('textbox', { name: 'Type your message' });
  await box.fill(text);
  await box.press('Enter');
  await frame.locator('li[data-role="user"]', { hasText: text }).waitFor();
  await frame.getByRole('status', { name: 'Assistant is typing' }).waitFor({ state: 'detached' });
};

describe('support chat end to end in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let host: Awaited<ReturnType<typeof startHostPage>>;
  let apiUrl = '';

  beforeAll(async () => {
    host = await startHostPage(() => hostHtml(apiUrl));
    process.env.SCRIVO_CHAT_ALLOWED_ORIGINS = host.origin;
    app = await startTestApp({ SCRIVO_ADMIN_EMAIL: ADMIN.email, SCRIVO_ADMIN_PASSWORD: ADMIN.password });
    apiUrl = app.url;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    delete process.env.SCRIVO_CHAT_ALLOWED_ORIGINS;
    await browser?.close();
    await app?.close();
    await host?.close();
  });

  it('a visitor on another site is answered, escalated, helped by an admin live, and rates the chat', async () => {
    // The admin signs in first (the page sends anonymous admins to /admin/login), so a person is available.
    const adminPage = await (await newContext(browser)).newPage();
    await adminPage.goto(`${app.url}/admin/chat`);
    await adminPage.waitForURL('**/admin/login');
    await adminPage.getByLabel('Username').fill(ADMIN.email);
    await adminPage.getByLabel('Password').fill(ADMIN.password);
    await adminPage.getByRole('button', { name: 'Sign In' }).click();
    await adminPage.waitForURL('**/admin/chat');
    await adminPage.getByRole('heading', { name: 'Select a Conversation' }).waitFor();

    // The visitor, on the customer's site.
    const visitorPage = await (await browser.newContext()).newPage();
    await visitorPage.goto(host.origin);
    const widget = await openWidget(visitorPage);
    await ask(widget, 'How do I reset my password?');
    const answer = widget.locator('li[data-role="assistant"]').last();
    expect(await answer.textContent()).toContain('Forgot password');
    await ask(widget, 'What is the capital of Australia?');
    await widget.getByText('A person from our team will reply here shortly.').waitFor();
    const payload = '<script>window.__xss = 1</script><b>bold?</b>';
    await widget.getByRole('textbox', { name: 'Type your message' }).fill(payload);
    await widget.getByRole('button', { name: 'Send' }).click();
    await widget.getByText(payload).waitFor();

    // The admin finds it by search and status filter.
    await adminPage.getByRole('searchbox', { name: 'Search conversations...' }).fill('australia');
    await adminPage.getByRole('combobox', { name: 'Status filter' }).selectOption('escalated');
    const item = adminPage.locator('aside li').filter({ hasText: 'Anonymous User' });
    await item.getByText('Assistant unsure').waitFor();
    expect(await item.textContent()).toMatch(/Escalated.*new.*Anonymous User.*Visitor.*\/.*5 messages/s);
    await item.getByRole('button').click();
    const pane = adminPage.getByRole('region', { name: 'Conversation' });
    await pane.getByRole('heading', { name: /^Chat #[0-9a-f-]{8}$/ }).waitFor();
    expect(await pane.textContent()).toContain('Anonymous User · Visitor · 0 minutes used');
    await pane.getByText('Needs Review').first().waitFor();
    expect(await pane.getByText(/Confidence \d+%/).count()).toBeGreaterThanOrEqual(2);
    await pane.getByText(payload).waitFor();
    expect(await adminPage.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    const sendReply = pane.getByRole('button', { name: 'Send Reply' });
    const sendResolve = pane.getByRole('button', { name: 'Send & Resolve' });
    expect(await sendReply.isDisabled()).toBe(true);
    expect(await sendResolve.isDisabled()).toBe(true);
    await pane
      .getByRole('textbox', { name: 'Type your response...' })
      .fill('Canberra! Anything about Scrivo?');
    await sendReply.click();
    // Pushed over the event stream: the visitor sees it without reloading.
    await widget
      .locator('li[data-role="admin"]', { hasText: 'Canberra! Anything about Scrivo?' })
      .waitFor({ timeout: 10_000 });

    await pane
      .getByRole('textbox', { name: 'Type your response...' })
      .fill('Closing this one, have a nice day.');
    await sendResolve.click();
    await widget.getByText('This chat was resolved. How did we do?').waitFor({ timeout: 10_000 });
    await widget.getByRole('button', { name: 'Rate 5 of 5' }).click();
    await widget.getByText('Thanks for your feedback! You rated this chat 5 of 5.').waitFor();
    await pane.getByText('Visitor rating: 5 of 5').waitFor({ timeout: 15_000 });
    expect(await pane.getByRole('button', { name: 'Close Chat' }).count()).toBe(0);
  });

  it("'Close Chat' closes and deselects; a failed send shows the spec's toast", async () => {
    const visitorPage = await (await browser.newContext()).newPage();
    await visitorPage.goto(host.origin);
    const widget = await openWidget(visitorPage);
    await ask(widget, 'Can I cancel anytime?');

    const admin = await (await newContext(browser)).newPage();
    await admin.goto(`${app.url}/admin/login`);
    await admin.getByLabel('Username').fill(ADMIN.email);
    await admin.getByLabel('Password').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Sign In' }).click();
    await admin.waitForURL('**/admin/chat');
    await admin.getByRole('searchbox', { name: 'Search conversations...' }).fill('cancel anytime');
    await admin.locator('aside li').first().getByRole('button').click();
    const pane = admin.getByRole('region', { name: 'Conversation' });
    await pane.getByRole('button', { name: 'Close Chat' }).click();
    await admin.getByRole('heading', { name: 'Select a Conversation' }).waitFor();

    // A send that fails shows the spec's toast (the server is made to fail this one call).
    await admin.locator('aside li').first().getByRole('button').click();
    await pane.getByRole('heading', { name: /^Chat #/ }).waitFor();
    const respond = '**/api/admin/chat/sessions/*/respond';
    await admin.route(respond, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Unavailable', code: 'INTERNAL_ERROR', message: 'Unavailable' }),
      }),
    );
    await pane.getByRole('textbox', { name: 'Type your response...' }).fill('Hello?');
    await pane.getByRole('button', { name: 'Send Reply' }).click();
    await admin.getByTestId('toast').getByText('Failed to send response').waitFor();
    await admin.unroute(respond);

    // The admin signs out in another tab of the same browser: this tab's next refresh goes back to the login.
    const otherTab = await admin.context().newPage();
    await otherTab.goto(`${app.url}/admin/chat`);
    await otherTab
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await otherTab.waitForURL('**/admin/login');
    await admin.waitForURL('**/admin/login', { timeout: 30_000 });
  });

  it('a signed-in user is told the team is online while an admin has the queue open, and is never asked for an email', async () => {
    const adminContext = await newContext(browser);
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${app.url}/admin/login`);
    await adminPage.getByLabel('Username').fill(ADMIN.email);
    await adminPage.getByLabel('Password').fill(ADMIN.password);
    await adminPage.getByRole('button', { name: 'Sign In' }).click();
    await adminPage.getByRole('heading', { name: 'Select a Conversation' }).waitFor();

    const { client } = await signedInClient(app, { plan: 'premium', email: 'grace@scrivo.test' });
    const context = await newContext(browser);
    await context.addCookies([browserSession(client, app.url)]);
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    const widget = await openWidget(page);
    await widget.getByText('Our team is online').waitFor();

    // The help centre's price table comes back as a table, not as a run of pipes.
    await ask(widget, 'Compare the weekly and monthly prices of the plans');
    const answer = widget.locator('li[data-role="assistant"]').last();
    const table = answer.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Plan',
      'Monthly',
      'Weekly',
      'Minutes',
    ]);
    expect(await table.getByRole('row', { name: /Premium/ }).textContent()).toContain(
      '120 minutes per month',
    );
    expect(await answer.textContent()).not.toContain('|---');

    await widget.getByRole('button', { name: 'Talk to a person' }).click();
    await widget.getByText('A person from our team will reply here shortly.').waitFor();
    expect(await widget.getByRole('textbox', { name: 'Your email' }).count()).toBe(0);

    // The admin console's queue shows the same answer as a table too, not as a run of pipes.
    await adminPage
      .getByRole('searchbox', { name: 'Search conversations...' })
      .fill('weekly and monthly prices');
    await adminPage.locator('aside li').first().getByRole('button').click();
    const queued = adminPage
      .getByRole('region', { name: 'Conversation' })
      .locator('li[data-role="assistant"]')
      .filter({ has: adminPage.getByRole('table') })
      .first();
    await queued.waitFor();
    expect(await queued.getByRole('columnheader').allTextContents()).toEqual([
      'Plan',
      'Monthly',
      'Weekly',
      'Minutes',
    ]);
    expect(await queued.getByRole('row', { name: /Premium/ }).textContent()).toContain(
      '120 minutes per month',
    );
    expect(await queued.textContent()).not.toContain('|---');
    await context.close();
    await adminContext.close();
  });

  it('on a 390 px phone the chat button covers nothing: the page keeps room for it at the bottom', async () => {
    const { client } = await signedInClient(app, { plan: 'premium', email: 'phone@scrivo.test' });
    const context = await newContext(browser);
    await context.addCookies([browserSession(client, app.url)]);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/account`);
    const frame = await page.waitForSelector('iframe[title="Support chat"]', { state: 'visible' });
    await page.getByRole('heading', { name: 'Developer' }).waitFor();
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    const bubble = (await frame.boundingBox())!;
    const covered = await page.evaluate(
      ({ x, y, width, height }) =>
        [...document.querySelectorAll('a, button, input, select, textarea, h1, h2, h3, p, li')]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return (
              r.width > 0 &&
              r.height > 0 &&
              r.right > x &&
              r.left < x + width &&
              r.bottom > y &&
              r.top < y + height
            );
          })
          .map((el) => el.textContent?.trim() || el.tagName),
      bubble,
    );
    expect(covered).toEqual([]);
    await context.close();
  });

  it('embeds the same widget in the app for signed-in users, who get answers about their own account', async () => {
    const { client } = await signedInClient(app, { plan: 'premium', email: 'ada@scrivo.test' });
    const context = await newContext(browser);
    await context.addCookies([browserSession(client, app.url)]);
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    const widget = await openWidget(page);
    await ask(widget, 'What plan am I on?');
    expect(await widget.locator('li[data-role="assistant"]').last().textContent()).toContain(
      "You're on the Premium plan",
    );
    await context.close();
  });
});
