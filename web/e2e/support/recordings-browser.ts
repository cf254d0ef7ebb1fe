import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PlanId } from '@scrivo/contracts';
import { browserSession, signedInClient } from '../../../api/test/support/sessions';
import type { TestApp } from '../../../api/test/support/test-app';

/** A browser context signed in as a fresh user (real registration, real session; see signedInClient). */
export const signedInContext = async (
  app: TestApp,
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  plan?: PlanId,
): Promise<{ context: BrowserContext; userId: string }> => {
  const { client, userId } = await signedInClient(app, { plan });
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.addCookies([browserSession(client, app.url)]);
  return { context, userId };
};

/** Drops files on the dropzone the way a drag from the desktop does: a real drop event with a DataTransfer. */
export const dropFiles = async (
  page: Page,
  files: { path?: string; name?: string; type: string; text?: string }[],
) => {
  const payload = files.map((f) => ({
    name: f.name ?? basename(f.path!),
    type: f.type,
    base64: f.path ? readFileSync(f.path).toString('base64') : Buffer.from(f.text ?? '').toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: item.type, lastModified: 1_700_000_000_000 }));
    }
    return transfer;
  }, payload);
  const zone = page.getByTestId('dropzone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
};

/** axe-core's serious and critical findings on the page as it is now (none expected). */
export const seriousA11yViolations = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
};

/** The page fits the viewport: nothing makes people scroll sideways. */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
