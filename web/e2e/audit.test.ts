import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingStream } from '@scrivo/domain/recordings';
import { AUDITOR, AUDITOR_ENV } from '../../api/test/audit/support';
import { buildWorld, type World } from '../../api/test/security/support/world';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser, declinedCookies } from './support/browser';

const ADMIN = { email: 'root@scrivo.test', password: 'admin-secret-1' };

describe('an auditor replays a chat and a recording in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let world: World;
  let page: Page;

  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_ADMIN_EMAIL: ADMIN.email,
      SCRIVO_ADMIN_PASSWORD: ADMIN.password,
      ...AUDITOR_ENV,
    });
    world = await buildWorld(app);
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1400, height: 1100 },
      acceptDownloads: true,
    });
    await declinedCookies(context);
    page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const stepLabel = () => page.getByTestId('step-label').textContent();

  it('signs in on the auditor page (never the admin one)', async () => {
    await page.goto(`${app.url}/audit`);
    await page.waitForURL('**/audit/login');
    await page.getByLabel('Email').fill(AUDITOR.email);
    await page.getByLabel('Password').fill(AUDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('form', { name: 'Find streams' }).waitFor();
  });

  it('finds the chat by the last 8 characters of its id and steps through it with the conversation beside it', async () => {
    const sessionId = world.ids.sessionId!;
    await page.getByLabel('Find by').selectOption('chat');
    await page.getByLabel('Search for').fill(sessionId.slice(-8));
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: `Open chat-session-${sessionId}` }).click();
    await expect.poll(stepLabel).toMatch(/^Step 1 of \d+$/);
    const total = (await app.scrivo.adapters.events.readStream(`chat-session-${sessionId}`)).length;
    expect(await stepLabel()).toBe(`Step 1 of ${total}`);
    await expect.poll(() => page.getByTestId('step-event-type').textContent()).toBe('ChatSessionStarted');
    const visitor = page.getByRole('region', { name: 'As the visitor saw it' });
    await visitor.getByText('No messages yet.').waitFor();

    // The keyboard: the right arrow moves one event on, until the visitor's message is in the conversation.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    let step = 1;
    for (; step < total; step += 1) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(stepLabel).toBe(`Step ${step + 1} of ${total}`);
      if ((await page.getByTestId('step-event-type').textContent()) === 'ChatMessagePosted') break;
    }
    await visitor.getByText('Hello').waitFor();
    await page.getByRole('region', { name: 'As the admin saw it' }).getByText('Hello').waitFor();
    await page.getByRole('list', { name: 'Changes' }).getByText('messageCount').waitFor();
    // Back one event with the left arrow: the message is not there yet.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(stepLabel).toBe(`Step ${step} of ${total}`);
    await page.getByRole('button', { name: 'Last' }).click();
    await expect.poll(stepLabel).toBe(`Step ${total} of ${total}`);
    await page.getByRole('button', { name: 'First' }).click();
    await expect.poll(stepLabel).toBe(`Step 1 of ${total}`);
    await visitor.getByText('No messages yet.').waitFor();
  });

  it('finds the recording by kind and id, slides to its end and sees it completed, then exports JSON Lines', async () => {
    const recordingId = world.ids.id!;
    const streamId = recordingStream(recordingId);
    const stored = await app.scrivo.adapters.events.readStream(streamId);
    await page.getByLabel('Find by').selectOption('stream');
    await page.getByLabel('Stream kind').selectOption('recording');
    await page.getByLabel('Search for').fill(recordingId);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: `Open ${streamId}` }).click();
    await expect.poll(stepLabel).toBe(`Step 1 of ${stored.length}`);
    await expect.poll(() => page.getByTestId('recording-status').textContent()).toBe('uploading');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(stepLabel).toBe(`Step 2 of ${stored.length}`);
    await page.getByRole('slider', { name: 'Step' }).fill(String(stored.length - 1));
    await expect.poll(stepLabel).toBe(`Step ${stored.length} of ${stored.length}`);
    await expect.poll(() => page.getByTestId('recording-status').textContent()).toBe('completed');
    expect(await page.getByTestId('transcript-version').textContent()).toBe('1');
    expect(await page.getByTestId('recording-minutes').textContent()).toBe('1');
    expect(await page.getByTestId('state-json').textContent()).toContain('"status": "completed"');
    const current = page.getByRole('list', { name: 'Events' }).locator('[aria-current="step"]');
    expect(await current.textContent()).toContain(stored.at(-1)!.type);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export JSON Lines' }).click(),
    ]);
    const path = join(mkdtempSync(join(tmpdir(), 'scrivo-audit-')), download.suggestedFilename());
    await download.saveAs(path);
    expect(download.suggestedFilename()).toBe(`${streamId}.jsonl`);
    const lines = readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(lines).toEqual(JSON.parse(JSON.stringify(stored)));
  });

  it('an admin creates another auditor in the console and sees what the first one read', async () => {
    const admin = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await admin.goto(`${app.url}/admin/login`);
    await admin.getByLabel('Username').fill(ADMIN.email);
    await admin.getByLabel('Password').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Sign In' }).click();
    await admin.waitForURL('**/admin/chat');
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Auditors' }).click();
    await admin.waitForURL('**/admin/auditors');
    const form = admin.getByRole('form', { name: 'Create auditor' });
    await form.getByLabel('Email').fill('second-auditor@scrivo.test');
    await form.getByLabel(/Password/).fill('second-auditor-secret');
    await form.getByRole('button', { name: 'Create auditor' }).click();
    await admin
      .getByRole('region', { name: 'Auditor list' })
      .getByText('second-auditor@scrivo.test')
      .waitFor();
    const reads = admin.getByRole('region', { name: 'What auditors read' });
    await reads.getByText(`recording-${world.ids.id!}`).first().waitFor();
    await reads.getByText('export-jsonl').first().waitFor();
  });
});
