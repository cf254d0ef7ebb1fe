import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from '../../web/e2e/support/browser';
import { hostHtml, startHostPage } from './host-server';

const chatFrame = async (page: Page): Promise<Frame> => {
  const handle = await page.waitForSelector('iframe[title="Support chat"]', { state: 'attached' });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no frame');
  await frame.waitForSelector('#root > *');
  return frame;
};

describe('the embeddable widget on another origin, in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let allowed: Awaited<ReturnType<typeof startHostPage>>;
  let disallowed: Awaited<ReturnType<typeof startHostPage>>;
  let apiUrl = '';

  beforeAll(async () => {
    allowed = await startHostPage(() => hostHtml(apiUrl));
    disallowed = await startHostPage(() => hostHtml(apiUrl));
    process.env.SCRIVO_CHAT_ALLOWED_ORIGINS = allowed.origin;
    app = await startTestApp();
    apiUrl = app.url;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    delete process.env.SCRIVO_CHAT_ALLOWED_ORIGINS;
    await browser?.close();
    await app?.close();
    await allowed?.close();
    await disallowed?.close();
  });

  it('answers from the FAQ, escalates an unrelated question, offers the offline form, and keeps the session across page loads', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(allowed.origin);
    const frame = await chatFrame(page);
    await frame.getByRole('button', { name: 'Open support chat' }).click();

    const box = frame.getByRole('textbox', { name: 'Type your message' });
    await box.fill('Do I need a credit card for the free plan?');
    await box.press('Enter');
    const answer = frame.locator('li[data-role="assistant"]').first();
    await answer.waitFor();
    expect(await answer.textContent()).toContain('no credit card');
    expect(await answer.locator('.badge').textContent()).toBe('AI answer');
    expect(await answer.getByRole('link', { name: 'FAQ' }).count()).toBe(1);
    expect(await answer.locator('time').textContent()).toMatch(/\d{1,2}:\d{2}/);

    await box.fill('What is the capital of Australia?');
    await frame.getByRole('button', { name: 'Send' }).click();
    await frame
      .getByText("Our team is offline right now. Leave your email and we'll get back to you.")
      .waitFor();
    await frame.getByRole('textbox', { name: 'Your email' }).fill('visitor@example.com');
    await frame.locator('form.offline').getByRole('button', { name: 'Send' }).click();
    await frame.getByText("Thanks! We'll reply to visitor@example.com.").waitFor();

    // Markup typed by a visitor is shown as text, never run.
    await box.fill('<img src=x onerror="window.pwned=1"><b>bold?</b>');
    await box.press('Enter');
    await frame.getByText('<img src=x onerror="window.pwned=1"><b>bold?</b>').waitFor();
    expect(await frame.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

    await page.reload();
    const again = await chatFrame(page);
    await again.getByText('What is the capital of Australia?').waitFor();
    expect(await again.locator('li[data-role="user"]').count()).toBe(3);
    await context.close();
  });

  it('keeps the host page’s CSS out of the widget (and the frame visible despite it)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(allowed.origin);
    const frame = await chatFrame(page);
    const launcher = frame.getByRole('button', { name: 'Open support chat' });
    const style = await launcher.evaluate((el) => {
      const s = getComputedStyle(el);
      return { font: s.fontFamily, background: s.backgroundColor, border: s.borderStyle };
    });
    expect(style.font).not.toContain('Comic');
    expect(style.background).toBe('rgb(79, 70, 229)');
    expect(style.border).not.toBe('dashed');
    const iframe = await page.$eval('iframe[title="Support chat"]', (el) => {
      const s = getComputedStyle(el);
      return { display: s.display, opacity: s.opacity, width: s.width };
    });
    expect(iframe).toEqual({ display: 'block', opacity: '1', width: '76px' });
    // The page's own heading does get the page's CSS: the rules were really there.
    expect(await page.$eval('h1', (el) => getComputedStyle(el).fontFamily)).toContain('Comic');
    await context.close();
  });

  it('refuses to start on an origin the site does not allow', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(disallowed.origin);
    await page.waitForFunction(
      () => (window as unknown as { ScrivoChat?: { status?: string } }).ScrivoChat?.status === 'refused',
    );
    expect(await page.$('iframe[title="Support chat"]')).toBeNull();
    expect(errors.join('\n')).toContain('is not allowed to use chat site scrivo-app');

    // Even a hand-made frame is blocked by frame-ancestors.
    const blocked = new Promise<string>((resolve) =>
      page.on('console', (m) => {
        if (/frame-ancestors|Refused to frame/i.test(m.text())) resolve(m.text());
      }),
    );
    await page.evaluate(
      (src) => {
        const f = document.createElement('iframe');
        f.src = src;
        document.body.appendChild(f);
      },
      `${apiUrl}/widget/frame.html?siteKey=scrivo-app&origin=${encodeURIComponent(disallowed.origin)}`,
    );
    expect(await blocked).toMatch(/frame-ancestors/);
    await context.close();
  });
});
