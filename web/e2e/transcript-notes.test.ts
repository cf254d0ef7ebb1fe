import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import { completedRecording, JFK_TRANSCRIPT } from '../../api/test/recordings/support/completed-recording';
import type { TestClient } from '../../api/test/support/http-client';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';
import { selectWords } from './support/select-words';

/** The JFK transcript with a time for every word (spread over its segment), as the speech worker gives them. */
const timedJfk: TranscriptBody = {
  ...JFK_TRANSCRIPT,
  segments: JFK_TRANSCRIPT.segments.map((segment) => {
    const words = segment.text.trim().split(/\s+/);
    const step = (segment.end - segment.start) / words.length;
    return {
      ...segment,
      words: words.map((text, i) => ({
        text,
        start: segment.start + i * step,
        end: segment.start + (i + 1) * step,
        probability: 0.9,
      })),
    };
  }),
};

describe('highlights and comments in Chromium: select words, mark them, comment, reload, export, edit, delete', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let owner: TestClient;
  let id = '';

  const select = (first: string, last: string) => selectWords(page, first, last);

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    browser = await launchBrowser();
    // Free plan: notes are for every owner, not only those with the editor.
    ({ client: owner } = await signedInClient(app));
    id = await completedRecording(app, owner, timedJfk);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await context.addCookies([browserSession(owner, app.url)]);
    page = await context.newPage();
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('highlights words, comments on others, keeps both after a reload and exports them in TXT', async () => {
    await page.goto(`${app.url}/transcription/${id}`);
    const transcript = page.getByTestId('transcript');
    await transcript.getByText('fellow', { exact: true }).waitFor();
    // The plan's note above the transcript arrives with the usage: measure the words once the page is still.
    await page.getByRole('link', { name: 'See plans' }).waitFor();

    const bar = await select('fellow', 'Americans,');
    await bar.getByRole('button', { name: 'Highlight' }).click();
    await transcript.locator('[data-note="highlight"]', { hasText: 'fellow' }).waitFor();

    const again = await select('what', 'country');
    await again.getByRole('button', { name: 'Comment…' }).click();
    const form = page.getByRole('form', { name: 'Comment on the selected words' });
    await form.getByRole('textbox', { name: 'Comment' }).fill('Quote this in the article');
    await form.getByRole('button', { name: 'Save comment' }).click();
    const notes = page.getByRole('region', { name: 'Highlights and comments' });
    await notes.getByText('Quote this in the article').waitFor();

    await page.reload();
    await notes.getByText('Quote this in the article').waitFor();
    expect(await notes.getByTestId('annotation').count()).toBe(2);
    expect(await notes.innerText()).toContain('Test User');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await transcript.locator('[data-note="comment"]').allInnerTexts()).toEqual([
      'what',
      'your',
      'country',
    ]);
    expect(await transcript.locator('[data-note="highlight"]').allInnerTexts()).toEqual([
      'fellow',
      'Americans,',
    ]);

    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('radio', { name: /Plain text/ }).check();
    await page.getByRole('checkbox', { name: 'Highlights and comments' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download/ }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('Highlight [');
    expect(text).toContain('“fellow Americans,”');
    expect(text).toMatch(/Comment by Test User .* on “what your country”: Quote this in the article/);
  });

  it('edits the comment and deletes it, and after a reload only the highlight is left', async () => {
    const notes = page.getByRole('region', { name: 'Highlights and comments' });
    // The comment's item, found by what it offers (its text gives way to the edit box while editing).
    const comment = notes
      .getByTestId('annotation')
      .filter({ has: page.getByRole('button', { name: 'Delete comment' }) });
    await comment.getByRole('button', { name: 'Edit' }).click();
    const box = comment.getByRole('textbox', { name: 'Edit comment' });
    await box.fill('Open the article with this');
    await comment.getByRole('button', { name: 'Save' }).click();
    await comment.getByText('Open the article with this').waitFor();
    await comment.getByText('(edited)').waitFor();

    await page.reload();
    await comment.getByText('Open the article with this').waitFor();
    await comment.getByText('(edited)').waitFor();
    expect(await notes.getByText('Quote this in the article').count()).toBe(0);

    await comment.getByRole('button', { name: 'Delete comment' }).click();
    await comment.waitFor({ state: 'detached' });
    await page.reload();
    await notes.getByTestId('annotation').first().waitFor();
    expect(await notes.getByTestId('annotation').allInnerTexts()).toEqual([
      expect.stringContaining('Highlight'),
    ]);
    expect(await page.getByTestId('transcript').locator('[data-note="comment"]').count()).toBe(0);
  });
});
