import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { heard } from '@scrivo/domain/testing';
import { launchBrowser } from './support/browser';
import { holdsMostOf, waitForLiveWords } from './support/live-text';
import { signedInContext } from './support/recordings-browser';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');
const SPANISH = sharedAudio('picovoice-leopard-tests/test_es.wav');
const PHRASE = 'ask not what your country can do for you';
const SPANISH_SAID = 'Las arenas son blanquecinas de grano medio y tiene muy poca asistencia.';

/** Chromium whose microphone plays a clip (jfk.wav unless told; in a loop) and grants the permission without asking. */
const launchWithFakeMicrophone = (clip = JFK): Promise<Browser> =>
  launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${clip}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);

const startRecording = async (page: Page, appUrl: string) => {
  await page.goto(`${appUrl}/dashboard`);
  await page.getByRole('tab', { name: 'Record' }).click();
  await page.getByLabel('Spoken language').selectOption('en');
  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.getByTestId('live-phase').filter({ hasText: 'Recording' }).waitFor();
};

const stopAndSave = async (page: Page) => {
  await page.getByRole('button', { name: 'Stop and save' }).click();
  await page
    .getByTestId('live-phase')
    .filter({ hasText: 'Saved to your library' })
    .waitFor({ timeout: 60_000 });
  return Number(await page.getByTestId('live-elapsed').getAttribute('data-seconds'));
};

describe.skipIf(!speechWorkerInstalled())('live recording in Chromium, with the real speech worker', () => {
  let worker: SpeechWorkerProcess;
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    worker = await startSpeechWorker();
    app = await startTestApp({ SCRIVO_SPEECH_URL: worker.url });
    browser = await launchWithFakeMicrophone();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await worker?.stop();
  });

  it('shows the words while they are spoken, then the library has the recording with its transcript and media', async () => {
    const { context } = await signedInContext(app, browser, undefined, 'premium');
    const page = await context.newPage();
    await startRecording(page, app.url);

    await waitForLiveWords(page, PHRASE, 40_000);
    // Shown while still recording, before the stop.
    expect(await page.getByTestId('live-phase').innerText()).toContain('Recording');

    await stopAndSave(page);
    await page.getByRole('link', { name: 'Open the recording' }).click();
    await page.waitForURL('**/transcription/*');
    const transcript = page.getByTestId('transcript');
    await transcript.waitFor({ timeout: 180_000 });
    // Polled rather than awaited in the page, so a failure says what the transcript holds.
    await expect
      .poll(async () => ((await transcript.textContent()) ?? '').toLowerCase().replace(/\s+/g, ' '), {
        timeout: 180_000,
        interval: 1000,
      })
      .toSatisfy((text: string) => heard(PHRASE, text));
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1, undefined, {
      timeout: 30_000,
    });
    expect(await page.locator('audio').evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(1);
    await context.close();
  }, 400_000);

  it('with "Detect automatically" words show within seconds, the meter moves, and finished lines read like a transcript', async () => {
    const { context } = await signedInContext(app, browser, undefined, 'premium');
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('tab', { name: 'Record' }).click();
    const language = page.getByLabel('Spoken language');
    expect(await language.locator('option:checked').textContent()).toBe('Detect automatically');
    await page.getByRole('button', { name: 'Start recording' }).click();
    const started = Date.now();
    await page.waitForFunction(
      () =>
        (
          document.querySelector(
            '[data-testid="live-text"] [data-partial], [data-testid="live-text"] [data-final]',
          )?.textContent ?? ''
        ).trim() !== '',
      undefined,
      { timeout: 20_000, polling: 100 },
    );
    const firstWordsSeconds = (Date.now() - started) / 1000;
    expect(firstWordsSeconds).toBeLessThan(5);

    // Speech from the microphone fills the input meter well up (it read as empty on a linear scale).
    await page.waitForFunction(
      () =>
        Number(
          document.querySelector('[role="meter"][aria-label="Input level"]')?.getAttribute('aria-valuenow'),
        ) >= 40,
      undefined,
      { timeout: 10_000, polling: 100 },
    );
    // The finished line is cased and punctuated, like the file transcripts.
    await expect
      .poll(
        async () =>
          (await page.locator('[data-testid="live-text"] [data-final]').allTextContents()).filter((line) =>
            heard('and so my fellow americans', line),
          ),
        { timeout: 40_000, interval: 250 },
      )
      .toSatisfy((lines: string[]) => lines.some((line) => /[A-Z]/.test(line) && /[.,;!?]/.test(line)));
    expect(await page.getByTestId('live-behind').count()).toBe(0);
    await stopAndSave(page);
    await context.close();
  }, 200_000);

  it('detects Spanish too: the provisional words give way to Spanish text', async () => {
    const spanishBrowser = await launchWithFakeMicrophone(SPANISH);
    try {
      const { context } = await signedInContext(app, spanishBrowser, undefined, 'premium');
      const page = await context.newPage();
      await page.goto(`${app.url}/dashboard`);
      await page.getByRole('tab', { name: 'Record' }).click();
      await page.getByRole('button', { name: 'Start recording' }).click();
      await page.getByText('Language: es').waitFor({ timeout: 30_000 });
      await waitForLiveWords(page, SPANISH_SAID, 40_000, holdsMostOf(SPANISH_SAID));
      await stopAndSave(page);
      await context.close();
    } finally {
      await spanishBrowser.close();
    }
  }, 200_000);

  it('loses no audio when the server closes the socket and the page is reloaded', async () => {
    const { context, userId } = await signedInContext(app, browser, undefined, 'premium');
    const page = await context.newPage();
    // The page's sockets pass through the browser's own proxy, so the test can cut them the way a restarting
    // server does (close code 1012) without reaching into the server.
    const servers: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/api\/live/, (socket) => {
      servers.push(socket.connectToServer());
    });
    await startRecording(page, app.url);
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="live-elapsed"]')?.getAttribute('data-seconds')) >= 3,
    );

    for (const server of servers) await server.close({ code: 1012, reason: 'Service restart' });
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="live-elapsed"]')?.getAttribute('data-seconds')) >= 5,
    );
    const beforeReload = Number(await page.getByTestId('live-elapsed').getAttribute('data-seconds'));
    await page.reload();
    await page.getByRole('button', { name: 'Resume recording' }).click();
    await page.getByTestId('live-phase').filter({ hasText: 'Recording' }).waitFor();
    await page.waitForFunction(
      (min) =>
        Number(document.querySelector('[data-testid="live-elapsed"]')?.getAttribute('data-seconds')) >= min,
      beforeReload + 2,
    );
    const sent = await stopAndSave(page);
    expect(sent).toBeGreaterThanOrEqual(beforeReload + 2);

    const href = await page.getByRole('link', { name: 'Open the recording' }).getAttribute('href');
    const recordingId = href!.split('/').at(-1)!;
    const recording = await page.evaluate(
      async (id) =>
        (await fetch(`/api/recordings/${id}`)).json() as Promise<{
          durationSeconds: number;
          ownerId?: string;
        }>,
      recordingId,
    );
    expect(Math.abs(recording.durationSeconds - sent)).toBeLessThanOrEqual(0.1);
    expect(userId).toBeTruthy();
    await context.close();
  }, 400_000);
});
