import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../api/test/support/http-client';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { savedRecordingSeconds } from './support/live-text';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');
/**
 * The Free plan's 300 s, less this much reserved by an upload, less the one second of encoding headroom a live
 * session keeps, in whole seconds: 300 - 229.5 - 1 = 69.5, so 69 s to record, the last 60 of them under a warning.
 */
const RESERVED_SECONDS = 229.5;
const ALLOWANCE_SECONDS = 69;

/** Reserves `seconds` of the plan's minutes with an upload (no job worker here, so they stay reserved). */
const reserve = async (client: TestClient, seconds: number) => {
  const tone = execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-ac', '1', '-ar', '8000', '-c:a', 'libmp3lame', '-b:a', '16k', '-f', 'mp3', '-'],
  ]);
  const form = new FormData();
  form.set('file', new Blob([tone], { type: 'audio/mpeg' }), 'reserved.mp3');
  expect((await client.api.recordings.create({ body: form })).status).toBe(201);
};

const elapsed = () =>
  Number(document.querySelector('[data-testid="live-elapsed"]')?.getAttribute('data-seconds'));

/**
 * The end of a plan's minutes in the Record view: a user with a little more than a minute left records from the
 * (fake) microphone, sees the warning once a minute is left, and the recording stops itself cleanly when the
 * minutes run out, saved with everything recorded. About 70 s of real-time recording: the warning is a minute
 * long by design. No speech worker: this is about the minutes, not the live text.
 */
describe('live recording when the plan runs out of minutes, in Chromium', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_SPEECH_URL: 'http://127.0.0.1:9',
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
    });
    browser = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${JFK}`,
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('warns a minute before the minutes run out, then stops and saves everything recorded', async () => {
    const { client } = await signedInClient(app, { plan: 'free' });
    await reserve(client, RESERVED_SECONDS);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(client, app.url)]);
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('tab', { name: 'Record' }).click();
    await page.getByLabel('Spoken language').selectOption('en');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByTestId('live-phase').filter({ hasText: 'Recording' }).waitFor();

    const left = page.getByTestId('live-minutes-left');
    await expect.poll(() => left.innerText()).toBe('1 min left');

    await page.getByText('Less than a minute left in your plan').waitFor({ timeout: 30_000 });
    // Shown once a minute is left (within the second the view counts in), not before.
    const warnedAt = await page.evaluate(elapsed);
    expect(warnedAt).toBeGreaterThanOrEqual(ALLOWANCE_SECONDS - 60);
    expect(warnedAt).toBeLessThanOrEqual(ALLOWANCE_SECONDS - 60 + 1.5);
    expect(await page.getByTestId('live-phase').innerText()).toContain('Recording');

    await page
      .getByTestId('live-phase')
      .filter({ hasText: 'Saved to your library' })
      .waitFor({ timeout: 120_000 });
    expect(await page.getByRole('status').allInnerTexts()).toContain(
      'Your plan\u2019s minutes ran out: the recording was stopped and saved.',
    );
    const recorded = await page.evaluate(elapsed);
    expect(recorded).toBeCloseTo(ALLOWANCE_SECONDS, 0);
    expect(Math.abs((await savedRecordingSeconds(page)) - recorded)).toBeLessThanOrEqual(0.1);
    await context.close();
  }, 240_000);
});
