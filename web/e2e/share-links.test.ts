import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedRecording, JFK_WITH_TIMELINE } from '../../api/test/recordings/support/completed-recording';
import type { TestClient } from '../../api/test/support/http-client';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';
import { expectStatus } from '../../api/test/support/expect-status';

describe('a share link in Chromium: an anonymous visitor reads and plays it until its owner turns it off', () => {
  let app: TestApp;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let visitorContext: BrowserContext;
  let owner: TestClient;
  let recordingId = '';

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    browser = await launchBrowser();
    ({ client: owner } = await signedInClient(app, { plan: 'premium' }));
    recordingId = await completedRecording(app, owner, JFK_WITH_TIMELINE);
    const named = await owner.api.recordings.editTranscript({
      params: { id: recordingId },
      body: {
        version: 1,
        speakers: { SPEAKER_00: 'President Kennedy' },
      },
    });
    expect(named.status, named.text).toBe(200);
    ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ownerContext.addCookies([browserSession(owner, app.url)]);
    // Another browser altogether: no cookies, no account.
    visitorContext = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  }, 120_000);
  afterAll(async () => {
    await ownerContext?.close();
    await visitorContext?.close();
    await browser?.close();
    await app?.close();
  });

  it('shares from the transcript page, plays for the visitor, and is gone on reload once turned off', async () => {
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`${app.url}/transcription/${recordingId}`);
    await ownerPage.getByRole('button', { name: 'Share' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Share this transcript' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByLabel('Share link').inputValue();
    expect(url).toMatch(new RegExp(`^${app.url}/s/[A-Za-z0-9_-]{43}$`));
    expect(await seriousA11yViolations(ownerPage)).toEqual([]);

    const visitor = await visitorContext.newPage();
    const response = await visitor.goto(url);
    expect(response!.headers()['x-robots-tag']).toMatch(/noindex/);
    await visitor.getByTestId('shared-title').waitFor();
    expect(await visitor.getByTestId('shared-title').textContent()).toBe('JFK inaugural');
    const transcript = (await visitor.getByTestId('transcript').innerText()).replace(/\s+/g, ' ');
    expect(transcript).toContain('fellow Americans');
    expect(transcript).toContain('President Kennedy');
    expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    // Read-only: no editor, no export of the owner's files, no rename.
    expect(await visitor.getByRole('button', { name: 'Edit transcript' }).count()).toBe(0);
    expect(await visitor.getByRole('button', { name: 'Share' }).count()).toBe(0);

    await visitor.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    await visitor.getByRole('button', { name: 'Play', exact: true }).click();
    await visitor.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.3);
    await visitor.getByRole('button', { name: 'Pause', exact: true }).click();
    // Who speaks when, as on the owner's page: a lane per person under the owner's names, and a bar seeks.
    await visitor.getByRole('region', { name: 'Who speaks when' }).waitFor();
    const lanes = visitor.getByTestId('speaker-lane');
    expect(await lanes.locator('span.font-medium').allInnerTexts()).toEqual([
      'President Kennedy',
      'SPEAKER_01',
    ]);
    await lanes.nth(1).locator('button[data-start]').first().click();
    await visitor.waitForFunction(() => Math.abs(document.querySelector('audio')!.currentTime - 4.3) < 0.05);
    expect(await seriousA11yViolations(visitor)).toEqual([]);

    // The owner sees the view and turns the link off.
    await ownerPage.reload();
    await ownerPage.getByRole('button', { name: 'Share' }).click();
    const link = ownerPage.getByTestId('share-link').first();
    await expect(link.textContent()).resolves.toContain('1 view');
    await link.getByRole('button', { name: 'Turn off' }).click();
    await link.getByText('Turned off').waitFor();

    await visitor.reload();
    await visitor.getByTestId('shared-gone').waitFor();
    expect(await visitor.getByTestId('shared-gone').textContent()).toBe('This link is no longer available');
    expect(await visitor.locator('audio').count()).toBe(0);
  }, 120_000);

  it('asks a visitor for the password of a protected link before showing anything', async () => {
    const created = await owner.api.shareLinks.create({
      params: { id: recordingId },
      body: {
        includeMedia: true,
        password: 'open sesame',
      },
    });
    expectStatus(created, 201);
    const visitor = await visitorContext.newPage();
    await visitor.goto(created.body.url as string);
    await visitor.getByRole('heading', { name: 'This transcript is protected' }).waitFor();
    expect(await visitor.getByTestId('transcript').count()).toBe(0);
    await visitor.getByLabel('Password').fill('wrong');
    await visitor.getByRole('button', { name: 'Open' }).click();
    await visitor.getByRole('alert').filter({ hasText: 'not right' }).waitFor();
    await visitor.getByLabel('Password').fill('open sesame');
    await visitor.getByRole('button', { name: 'Open' }).click();
    await visitor.getByTestId('shared-title').waitFor();
    await visitor.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
  }, 60_000);
});
