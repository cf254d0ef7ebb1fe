import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LanguageModelProcess,
  languageModelInstalled,
  startLanguageModel,
} from '@scrivo/adapters/testing/language-model-process';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import { completedRecording } from '../../api/test/recordings/support/completed-recording';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';

/** The product-launch meeting of the summary benchmark, its lines spread over the JFK clip's 11 s so each plays. */
const lines: [string, string][] = [
  ['Anna', 'Good morning everyone, today we need to settle the launch of the new mobile app.'],
  ['Ben', 'The app store review took longer than we planned, so we are about two weeks behind.'],
  ['Anna', 'Then we move the launch date to the fifteenth of March.'],
  ['Carla', 'Fine for marketing too, I will book the venue for the launch party this week.'],
  ['Anna', 'Next topic, the price. We discussed five or seven dollars a month.'],
  ['Carla', 'The survey says most people would pay five dollars, very few would pay seven.'],
  ['Anna', 'Then the decision is five dollars a month, with a free trial of fourteen days.'],
  ['Ben', 'I will change the price in the app store listing today.'],
  ['Anna', 'Thank you all, we meet again next Tuesday.'],
];
const STEP = 1.2;
const PRICE_DECISION = 6 * STEP; // line 7, at 0:07
const meeting: TranscriptBody = {
  language: 'en',
  languageProbability: 0.99,
  durationSeconds: 11,
  text: lines.map(([, t]) => t).join(' '),
  segments: lines.map(([speaker, text], id) => ({
    id,
    start: Math.round(id * STEP * 10) / 10,
    end: Math.round((id + 1) * STEP * 10) / 10,
    text: ` ${text}`,
    speaker,
    words: [],
  })),
  engine: 'test:fixed',
};

describe.skipIf(!languageModelInstalled())('asking a recording a question in Chromium', () => {
  let llm: LanguageModelProcess;
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    llm = await startLanguageModel();
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', SCRIVO_LLM_URL: llm.url });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await llm?.stop();
  });

  it('a Business Pro user asks what was decided about the price and plays the moment the answer cites', async () => {
    const { client } = await signedInClient(app, { plan: 'business_pro' });
    const id = await completedRecording(app, client, meeting, 'Product launch');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(client, app.url)]);
    const page = await context.newPage();
    await page.goto(`${app.url}/transcription/${id}`);
    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.getByLabel('Ask about this recording').fill('What was decided about the price?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.getByRole('button', { name: 'Answering…' }).waitFor();

    // Written piece by piece, then finished: the button asks again.
    await page.getByRole('button', { name: 'Ask', exact: true }).waitFor({ timeout: 180_000 });
    const answer = await page.getByTestId('answer').innerText();
    expect(answer).toMatch(/five dollars|\$?5 dollars|\$5/i);
    expect(answer).not.toMatch(/\[L\d+/);
    const moment = page.getByTestId('answer').getByRole('button', { name: 'Play from 0:07' });
    expect(await moment.count(), answer).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    await moment.click();
    const player = await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      return { at: audio.currentTime, playing: !audio.paused };
    });
    expect(Math.abs(player.at - PRICE_DECISION)).toBeLessThan(0.5);
    expect(player.playing).toBe(true);
    await context.close();
  }, 240_000);
});
