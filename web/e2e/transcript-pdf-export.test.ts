import { execFileSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import { completedRecording } from '../../api/test/recordings/support/completed-recording';
import type { TestClient } from '../../api/test/support/http-client';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';

const LINES: [string, string][] = [
  ['Alice', 'Good morning, everyone, and thanks for joining.'],
  ['Alice', 'Let us start with the budget review.'],
  ['Bob', 'Sure, I have the numbers here.'],
  ['Bob', 'Revenue is up eight percent on last quarter.'],
  ['Alice', 'That is good news.'],
];

/** A short meeting: two turns of Alice, one of Bob, each of several lines. */
const MEETING: TranscriptBody = {
  language: 'en',
  languageProbability: 0.98,
  durationSeconds: 20,
  text: LINES.map(([, text]) => text).join(' '),
  segments: LINES.map(([speaker, text], i) => ({
    id: i,
    start: i * 4,
    end: i * 4 + 3.5,
    text: ` ${text}`,
    speaker,
    words: [],
  })),
  engine: 'test:fixed',
};

describe('PDF export in Chromium: from the transcript page to a document that reads like a transcript', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let owner: TestClient;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    browser = await launchBrowser();
    ({ client: owner } = await signedInClient(app));
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await context.addCookies([browserSession(owner, app.url)]);
    page = await context.newPage();
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('downloads a one-page PDF with a title block, page numbers and each speaker named once per paragraph', async () => {
    const id = await completedRecording(app, owner, MEETING, 'Weekly budget sync');
    await page.goto(`${app.url}/transcription/${id}`);
    await page
      .getByTestId('transcript')
      .getByText(/Revenue is up eight percent/)
      .waitFor();

    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('radio', { name: /PDF document/ }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = (await download.path())!;
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);

    expect(pages).toBe(1);
    expect(text).toContain('Weekly budget sync');
    expect(text).toMatch(/Date\s+\d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(text).toMatch(/Duration\s+20 s/);
    expect(text).toMatch(/Speakers\s+Alice, Bob/);
    expect(text).toContain('Page 1 of 1');
    // Three paragraphs: each speaker's name and time once, then the lines of that turn together.
    const headings = [...text.matchAll(/^\s*(Alice|Bob)\s+(\d\d:\d\d:\d\d)\s*$/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(headings).toEqual(['Alice 00:00:00', 'Bob 00:00:08', 'Alice 00:00:16']);
    const flowing = text.replace(/\s+/g, ' ');
    expect(flowing).toContain(
      'Good morning, everyone, and thanks for joining. Let us start with the budget review.',
    );
    expect(flowing).toContain('Sure, I have the numbers here. Revenue is up eight percent on last quarter.');
  });
});
