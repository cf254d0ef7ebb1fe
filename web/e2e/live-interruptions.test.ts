import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { savedRecordingSeconds } from './support/live-text';
import { signedInContext } from './support/recordings-browser';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');
const SHARED_TAB_TITLE = 'A tab to share and then close';

const elapsed = (page: Page) => page.getByTestId('live-elapsed').getAttribute('data-seconds').then(Number);

const openRecordTab = async (page: Page, app: TestApp) => {
  await page.goto(`${app.url}/dashboard`);
  await page.getByRole('tab', { name: 'Record' }).click();
  await page.getByLabel('Spoken language').selectOption('en');
};

/**
 * The two ways a user ends a recording's source without the Stop button, in real Chromium: refusing the
 * microphone permission, and closing the tab being shared. No speech worker: these are about the audio.
 */
describe('live recording when the browser refuses or the share ends', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_SPEECH_URL: 'http://127.0.0.1:9' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  describe('with the microphone permission refused', () => {
    let browser: Browser;
    beforeAll(async () => {
      // No fake permission UI: the prompt is answered "Block", as a user who clicks it would.
      browser = await launchBrowser(['--use-fake-device-for-media-stream', '--deny-permission-prompts']);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('says the permission was refused and how to allow it; nothing is started or saved', async () => {
      const { context } = await signedInContext(app, browser, undefined, 'premium');
      const page = await context.newPage();
      await openRecordTab(page, app);
      await page.getByRole('button', { name: 'Start recording' }).click();
      await expect
        .poll(() => page.getByRole('alert').allInnerTexts(), { timeout: 20_000 })
        .toContain(
          "Permission to use the microphone was refused. Allow it in the browser's address bar and try again.",
        );
      await page.getByRole('button', { name: 'Start recording' }).waitFor();
      const library = await page.evaluate(
        async () => (await fetch('/api/recordings')).json() as Promise<{ items: unknown[] }>,
      );
      expect(library.items).toEqual([]);
      await context.close();
    }, 60_000);
  });

  describe('with a shared tab that is closed mid-recording', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser(
        [
          `--auto-select-tab-capture-source-by-title=${SHARED_TAB_TITLE}`,
          '--autoplay-policy=no-user-gesture-required',
        ],
        { audible: true },
      );
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('says the screen share was stopped and saves what was recorded before it', async () => {
      const { context } = await signedInContext(app, browser, undefined, 'premium');
      const sharedTab = await context.newPage();
      await sharedTab.setContent(
        `<title>${SHARED_TAB_TITLE}</title>
         <audio src="data:audio/wav;base64,${readFileSync(JFK).toString('base64')}" autoplay loop></audio>`,
      );
      await sharedTab.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0);
      const page = await context.newPage();
      await openRecordTab(page, app);
      await page.getByLabel('Tab or system audio').check();
      await page.getByRole('button', { name: 'Start recording' }).click();
      await page.getByTestId('live-phase').filter({ hasText: 'Recording' }).waitFor({ timeout: 20_000 });
      await page.waitForFunction(
        () =>
          Number(document.querySelector('[data-testid="live-elapsed"]')?.getAttribute('data-seconds')) >= 2,
      );

      // Closing the shared tab ends the capture, as "Stop sharing" does.
      await sharedTab.close();
      await expect
        .poll(() => page.getByRole('status').allInnerTexts(), { timeout: 20_000 })
        .toContain('The screen share was stopped. What was recorded so far is kept.');
      await page
        .getByTestId('live-phase')
        .filter({ hasText: 'Saved to your library' })
        .waitFor({ timeout: 60_000 });
      const kept = await elapsed(page);
      expect(kept).toBeGreaterThanOrEqual(2);
      expect(Math.abs((await savedRecordingSeconds(page)) - kept)).toBeLessThanOrEqual(0.1);
      await context.close();
    }, 120_000);
  });
});
