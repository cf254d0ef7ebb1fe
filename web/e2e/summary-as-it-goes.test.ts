import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '@scrivo/adapters/testing/openai-compatible-server';
import { completedRecording } from '../../api/test/recordings/support/completed-recording';
import { longMeeting, scriptedSummaryModel } from '../../api/test/summaries/support/scripted-summary-model';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';

/**
 * A long meeting's summary on the Summary tab, part by part. The model is scripted behind the OpenAI-compatible
 * server (your own model's route), answering after a pause: this is about what the page shows while it waits.
 */
describe('the Summary tab while a long summary is written', () => {
  let server: OpenAiCompatibleServer;
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    server = await startOpenAiCompatibleServer({ model: 'scripted', engine: scriptedSummaryModel(3500) });
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_IN_PROCESS_LANGUAGE_WORKER: 'true',
      SCRIVO_LLM_ENGINE: 'openai',
      SCRIVO_LLM_BASE_URL: server.baseUrl,
      SCRIVO_LLM_MODEL: 'scripted',
    });
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await server?.close();
  });

  it('shows each part as it is done, with the part being written and the time left, then the whole; another summary waits its turn', async () => {
    const { client } = await signedInClient(app, { plan: 'business_pro' });
    const id = await completedRecording(app, client, longMeeting);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(client, app.url)]);
    const page = await context.newPage();
    await page.goto(`${app.url}/transcription/${id}`);
    await page.getByRole('tab', { name: 'Summary' }).click();
    await page.getByRole('button', { name: 'Summarize' }).click();

    const writing = page.getByTestId('summary-writing');
    await writing.getByText(/^Writing… part 2 of 3, (about \d+ min|less than a minute) left$/).waitFor();
    const soFar = page.getByRole('region', { name: 'Summary so far' });
    await expect.poll(() => soFar.innerText()).toContain('the launch');
    expect(await soFar.innerText()).not.toContain('the hiring plan');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await writing.getByText(/^Writing… part 3 of 3/).waitFor();
    expect(await soFar.innerText()).toContain('the budget');

    // Another user's summary asked for meanwhile says its place in line.
    const other = await signedInClient(app, { plan: 'business_pro' });
    const short = await completedRecording(app, other.client, {
      ...longMeeting,
      segments: longMeeting.segments.slice(0, 3),
    });
    const otherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await otherContext.addCookies([browserSession(other.client, app.url)]);
    const otherPage = await otherContext.newPage();
    await otherPage.goto(`${app.url}/transcription/${short}`);
    await otherPage.getByRole('tab', { name: 'Summary' }).click();
    await otherPage.getByRole('button', { name: 'Summarize' }).click();
    await otherPage
      .getByTestId('summary-writing')
      .getByText(/^Waiting: 1 ahead in line/)
      .waitFor();
    await otherContext.close();

    // Written: the draft gives way to the summary itself.
    await soFar.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.getByTestId('summary-overview').innerText()).toContain(
      'The team went through the launch, the budget and the hiring plan.',
    );
    expect(await page.getByTestId('summary-chapters').locator('li').count()).toBe(3);
    await context.close();
  }, 90_000);
});
