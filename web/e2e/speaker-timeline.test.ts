import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { transcribed } from './support/transcribed';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

// A 30 s phone call between two people who talk over each other here and there (pyannote's sample).
const CALL = sharedAudio('pyannote-sample/sample.wav');

interface Bar {
  start: number;
  end: number;
}

const barsOf = (page: Page, lane: number): Promise<Bar[]> =>
  page
    .getByTestId('speaker-lane')
    .nth(lane)
    .locator('button[data-start]')
    .evaluateAll((bars) =>
      bars.map((bar) => ({
        start: Number(bar.getAttribute('data-start')),
        end: Number(bar.getAttribute('data-end')),
      })),
    );

const playerAt = (page: Page, seconds: number) =>
  page.waitForFunction((s) => Math.abs(document.querySelector('audio')!.currentTime - s) < 0.05, seconds);

describe.skipIf(!speechWorkerInstalled())('who speaks when, under the player, in Chromium', () => {
  let worker: SpeechWorkerProcess;
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let id = '';

  beforeAll(async () => {
    worker = await startSpeechWorker();
    app = await startTestApp({ SCRIVO_SPEECH_URL: worker.url });
    browser = await launchBrowser();
    const { client } = await signedInClient(app, { plan: 'business_pro' });
    const form = new FormData();
    form.set('file', new Blob([readFileSync(CALL)]), 'call.wav');
    form.set('title', 'Phone call');
    form.set('language', 'en');
    id = await transcribed(client, form, 'The call');
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(client, app.url)]);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
    await worker?.stop();
  });

  it('shows a lane per person with talk times, both lanes lit where they talk at once, and a bar seeks', async () => {
    await page.goto(`${app.url}/transcription/${id}`);
    const lanes = page.getByRole('region', { name: 'Who speaks when' });
    await lanes.waitFor();
    await expect.poll(() => page.getByTestId('speaker-lane').count()).toBe(2);
    const names = await page.getByTestId('speaker-lane').locator('span.font-medium').allInnerTexts();
    expect(names).toEqual(['Speaker 1', 'Speaker 2']);
    const talk = await page.getByTestId('talk-time').allInnerTexts();
    for (const text of talk) expect(text).toMatch(/^\d+ s · \d+ %$/);
    // Two people at once somewhere: the shares add up to more than the time anyone speaks.
    expect(talk.map((t) => Number(/(\d+) %/.exec(t)![1])).reduce((a, b) => a + b)).toBeGreaterThan(100);

    const [first, second] = [await barsOf(page, 0), await barsOf(page, 1)];
    const overlapping = first.some((a) => second.some((b) => a.start < b.end && b.start < a.end));
    expect(overlapping).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    const target = second[1]!;
    await page.getByTestId('speaker-lane').nth(1).locator('button[data-start]').nth(1).click();
    await playerAt(page, target.start);

    // From the keyboard: one tab stop per lane, the arrows move along it, Enter seeks (the player does not skip).
    await page.getByTestId('speaker-lane').nth(0).locator('button[data-start]').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await playerAt(page, first[2]!.start);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^Speaker 1, \d+:\d\d to \d+:\d\d: play from here$/);
  });
});
