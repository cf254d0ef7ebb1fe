import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedRecording } from '../../api/test/recordings/support/completed-recording';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { summaryState, writtenAsTheJobWould } from '../../api/test/summaries/support/written-summary';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';

describe('summary templates in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    // The summary job is not run: what the page asks for and shows is the subject here, not what a model writes.
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_IN_PROCESS_LANGUAGE_WORKER: 'false',
    });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('a user copies a built-in template, makes it theirs, summarizes with it, reads it under its headings, then deletes it', async () => {
    const { client } = await signedInClient(app, { plan: 'business_pro' });
    const id = await completedRecording(app, client);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(client, app.url)]);
    const page = await context.newPage();

    await page.goto(`${app.url}/summary-templates`);
    const list = page.getByRole('list', { name: 'Templates' });
    await list.getByText('Lecture notes').waitFor();
    await list
      .getByRole('listitem')
      .filter({ hasText: 'Interview' })
      .getByRole('button', { name: 'Copy' })
      .click();
    const form = page.getByRole('form', { name: 'Summary template' });
    expect(await form.getByLabel('Name').inputValue()).toBe('Interview (mine)');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByLabel('Name').fill('Client interview');
    await form
      .getByLabel('What the summary should look for')
      .fill('A client interview: what they need and when.');
    await form.getByRole('checkbox', { name: /Action items/ }).uncheck();
    await form.getByRole('button', { name: 'Add template' }).click();
    await list.getByText('Client interview', { exact: true }).waitFor();
    expect(await list.getByRole('listitem').filter({ hasText: 'Client interview' }).innerText()).toContain(
      'A client interview: what they need and when.',
    );

    await page.goto(`${app.url}/transcription/${id}`);
    await page.getByRole('tab', { name: 'Summary' }).click();
    const picker = page.getByLabel('Template');
    await picker.selectOption({ label: 'Client interview' });
    await page.getByRole('button', { name: 'Summarize' }).click();
    await page.getByRole('progressbar', { name: 'Summary progress' }).waitFor();

    expect((await summaryState(app, id)).template).toMatchObject({
      name: 'Client interview',
      sections: { actionItems: null },
    });
    await writtenAsTheJobWould(app, id, {
      overview: 'Kennedy asks Americans to serve their country.',
      keyPoints: [{ text: 'Ask what you can do for your country.', at: 7 }],
      decisions: [],
      actionItems: [{ text: 'Serve the country.', owner: null, at: 8 }],
      chapters: [{ title: 'The call', start: 0 }],
    });
    const summary = page.getByTestId('summary');
    await summary.getByText('What was said').waitFor();
    await summary.getByText('Topics').waitFor();
    expect(await summary.innerText()).not.toContain('Serve the country.');
    await page.getByText('Client interview summary, written by test').waitFor();

    await page.goto(`${app.url}/summary-templates`);
    await list.getByRole('button', { name: 'Delete Client interview' }).click();
    await list.getByText('Client interview', { exact: true }).waitFor({ state: 'detached' });
  });
});
