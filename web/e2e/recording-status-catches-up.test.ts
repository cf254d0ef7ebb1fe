import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import type { TestClient } from '../../api/test/support/http-client';
import { appWithSpeechWorker } from '../../api/test/support/speech-app';
import { joinedWav } from '../../api/test/recordings/support/joined-wav';
import { untilCompleted } from '../../api/test/recordings/support/until-completed';
import { uploaded } from './support/transcribed';
import { launchBrowser } from './support/browser';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { WORKING_REFETCH_MS } from '../src/lib/recordings/is-working';

// A minute of speech: long enough that the page is open while the job still runs, on any machine of this kind.
const MINUTE = joinedWav(Array.from({ length: 5 }, () => sharedAudio('jfk/jfk.wav')));
const RUNNING = '[data-testid="status-badge"]:is([data-status="queued"], [data-status="transcribing"])';
const NEVER = new Promise<void>(() => undefined);

/**
 * Pages learn that a job finished from the recordings event stream, which does not replay what happened before it
 * opened. These tests hold a page's stream back, the way a slow server or a proxy does, while the job finishes.
 */
describe.skipIf(!speechWorkerInstalled())('pages catch up with a job that finished unseen', () => {
  const speech = appWithSpeechWorker(undefined, 240_000);
  let browser: Browser;
  let client: TestClient;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ client } = await signedInClient(speech.app, { plan: 'premium' }));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const upload = async () => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(MINUTE)], { type: 'audio/wav' }), 'minute.wav');
    return uploaded(client, form);
  };

  /** The page at `path`, its recordings stream held until `release` settles; it has seen the job running. */
  const openWithStreamHeld = async (path: string, release: Promise<void>): Promise<Page> => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(client, speech.app.url)]);
    const page = await context.newPage();
    await page.route('**/api/recordings/events', async (route) => {
      await release;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${speech.app.url}${path}`);
    await page.locator(RUNNING).waitFor();
    return page;
  };

  it('the transcript page shows the transcript as soon as its stream opens, though the job finished before', async () => {
    const id = await upload();
    const finished = untilCompleted(client, id);
    const page = await openWithStreamHeld(`/transcription/${id}`, finished);
    await finished;
    // Well before the page would ask again by itself.
    await page.getByTestId('transcript').waitFor({ timeout: WORKING_REFETCH_MS / 2 });
    await context.close();
  }, 300_000);

  it('the transcript page shows the transcript when its stream never opens, by asking again while work runs', async () => {
    const id = await upload();
    const page = await openWithStreamHeld(`/transcription/${id}`, NEVER);
    await untilCompleted(client, id);
    await page.getByTestId('transcript').waitFor({ timeout: WORKING_REFETCH_MS + 10_000 });
    await context.close();
  }, 300_000);

  it('the library shows the recording completed when its stream never opens, by asking again while work runs', async () => {
    const id = await upload();
    const page = await openWithStreamHeld('/recordings', NEVER);
    await untilCompleted(client, id);
    await page
      .locator(`[data-recording-id="${id}"] [data-testid="status-badge"][data-status="completed"]`)
      .waitFor({ timeout: WORKING_REFETCH_MS + 10_000 });
    await context.close();
  }, 300_000);
});
