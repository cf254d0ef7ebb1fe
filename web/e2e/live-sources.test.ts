import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { savedRecordingSeconds } from './support/live-text';
import { signedInContext } from './support/recordings-browser';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');

const elapsed = (page: Page) => page.getByTestId('live-elapsed').getAttribute('data-seconds').then(Number);

/**
 * Where the sources end or are missing: the microphone unplugged mid-recording, and tab or system audio in a browser
 * that shares the screen without sound. No speech worker: these are about the audio, not the live text.
 */
describe('live recording sources in Chromium', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_SPEECH_URL: 'http://127.0.0.1:9' });
    browser = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${JFK}`,
      '--autoplay-policy=no-user-gesture-required',
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('says the microphone was disconnected and saves what was recorded before it', async () => {
    const { context } = await signedInContext(app, browser, undefined, 'premium');
    // Keeps the page's microphone tracks within the test's reach, as an unplugged USB headset would end them.
    await context.addInitScript(() => {
      const tracks: MediaStreamTrack[] = [];
      const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        tracks.push(...stream.getAudioTracks());
        return stream;
      };
      Object.assign(window, { microphoneTracks: tracks });
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('tab', { name: 'Record' }).click();
    await page.getByLabel('Spoken language').selectOption('en');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByTestId('live-phase').filter({ hasText: 'Recording' }).waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="live-elapsed"]')?.getAttribute('data-seconds')) >= 2,
    );

    // The browser ends a track whose device is gone and fires 'ended' (stop() alone does not fire it).
    await page.evaluate(() => {
      for (const track of (window as unknown as { microphoneTracks: MediaStreamTrack[] }).microphoneTracks) {
        track.stop();
        track.dispatchEvent(new Event('ended'));
      }
    });
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContain('The microphone was disconnected. What was recorded so far is kept.');
    await page
      .getByTestId('live-phase')
      .filter({ hasText: 'Saved to your library' })
      .waitFor({ timeout: 60_000 });
    const kept = await elapsed(page);
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(Math.abs((await savedRecordingSeconds(page)) - kept)).toBeLessThanOrEqual(0.1);
    await context.close();
  }, 120_000);

  it('says when the shared screen has no audio and records from the microphone instead', async () => {
    const { context } = await signedInContext(app, browser, undefined, 'premium');
    // Headless Chromium's screen share never settles here (no screen to pick, even with
    // --auto-select-desktop-capture-source), and its tab share always carries the tab's audio
    // (live-tab-audio.test.ts): the share is what a user gets who leaves "Share audio" unticked, a real
    // video-only MediaStream (a canvas's).
    await context.addInitScript(() => {
      navigator.mediaDevices.getDisplayMedia = () => {
        const canvas = document.createElement('canvas');
        canvas.getContext('2d')?.fillRect(0, 0, 10, 10);
        return Promise.resolve(canvas.captureStream(5));
      };
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('tab', { name: 'Record' }).click();
    await page.getByLabel('Spoken language').selectOption('en');
    await page.getByLabel('Tab or system audio').check();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts(), { timeout: 20_000 })
      .toContain(
        'No audio was shared. Tick "Share tab audio" (or system audio) when choosing what to share, or use the microphone.',
      );
    await page.getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByLabel('Microphone', { exact: true }).check();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByTestId('live-phase').filter({ hasText: 'Recording' }).waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="live-elapsed"]')?.getAttribute('data-seconds')) >= 1,
    );
    await page.getByRole('button', { name: 'Stop and save' }).click();
    await page
      .getByTestId('live-phase')
      .filter({ hasText: 'Saved to your library' })
      .waitFor({ timeout: 60_000 });
    await context.close();
  }, 120_000);
});
