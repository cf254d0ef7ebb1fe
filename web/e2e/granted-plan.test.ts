import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import type { TestClient } from '../../api/test/support/http-client';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { bodyOf } from '../../api/test/support/expect-status';
import { launchBrowser, declinedCookies } from './support/browser';
import { transcribed } from './support/transcribed';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const ADMIN = { email: 'root@scrivo.test', password: 'admin-secret-1' };
const JFK = sharedAudio('jfk/jfk.wav');
/** Two people on a phone call (the pyannote sample). */
const CALL = sharedAudio('pyannote-sample/sample.wav');

const transcribe = async (as: TestClient, path: string, name: string) => {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(path)]), name);
  return transcribed(as, form, name, 300_000);
};

/**
 * Issue 13's promise to a self-hoster: a plan granted in the console gives its features at once. A Free user
 * with a transcript stays signed in while an admin sets Business Pro in the browser; the same session can then
 * edit that transcript, and a new upload gets speaker labels (real speech worker, real Chromium).
 */
describe.skipIf(!speechWorkerInstalled())('a plan granted by an admin, used at once', () => {
  let worker: SpeechWorkerProcess;
  let app: TestApp;
  let browser: Browser;
  let userContext: BrowserContext;

  beforeAll(async () => {
    worker = await startSpeechWorker();
    app = await startTestApp({
      SCRIVO_SPEECH_URL: worker.url,
      SCRIVO_ADMIN_EMAIL: ADMIN.email,
      SCRIVO_ADMIN_PASSWORD: ADMIN.password,
    });
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await userContext?.close();
    await browser?.close();
    await app?.close();
    await worker?.stop();
  });

  const browse = async (cookies: ReturnType<typeof browserSession>[]): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    await declinedCookies(context);
    await context.addCookies(cookies);
    userContext ??= context;
    return context.newPage();
  };

  it('edits an existing transcript and gets speaker labels on a new upload, without signing out', async () => {
    const { client, email } = await signedInClient(app);
    const jfk = await transcribe(client, JFK, 'jfk.wav');
    const userPage = await browse([browserSession(client, app.url)]);
    await userPage.goto(`${app.url}/transcription/${jfk}`);
    await userPage
      .getByTestId('transcript')
      .getByText(/fellow Americans/i)
      .waitFor();
    // Free: no editor on the page.
    expect(await userPage.getByRole('button', { name: 'Edit transcript' }).count()).toBe(0);

    const adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await adminPage.goto(`${app.url}/admin/login`);
    await adminPage.getByLabel('Username').fill(ADMIN.email);
    await adminPage.getByLabel('Password').fill(ADMIN.password);
    await adminPage.getByRole('button', { name: 'Sign In' }).click();
    await adminPage.waitForURL('**/admin/chat');
    await adminPage.goto(`${app.url}/admin/users`);
    await adminPage.getByLabel('Search users').fill(email);
    await adminPage.getByRole('link', { name: email }).click();
    await adminPage.waitForURL('**/admin/users/*');
    const form = adminPage.getByRole('form', { name: 'Change plan' });
    await form.getByLabel('Plan', { exact: true }).selectOption('business_pro');
    await form.getByLabel('Reason').fill('Everyone here gets every feature');
    await form.getByRole('button', { name: 'Change plan' }).click();
    await expect.poll(() => adminPage.getByTestId('user-plan').textContent()).toBe('Business Pro');

    // The same session, never signed out: the next load has the editor.
    await userPage.reload();
    await userPage.getByRole('button', { name: 'Edit transcript' }).click();
    const field = userPage.getByRole('textbox', { name: /^Text from 0:00/ });
    await field.fill((await field.inputValue()).replace(/fellow Americans/i, 'fellow citizens'));
    await userPage.getByTestId('save-status').getByText('All changes saved').waitFor({ timeout: 15_000 });
    await userPage.reload();
    await userPage
      .getByTestId('transcript')
      .getByText(/fellow\s+citizens/)
      .waitFor();

    const call = await transcribe(client, CALL, 'call.wav');
    const transcript = bodyOf(await client.api.recordings.transcript({ params: { id: call } }), 200);
    const speakers = new Set(transcript.segments.map((s) => s.speaker));
    expect(speakers).toEqual(new Set(['Speaker 1', 'Speaker 2']));
    await userPage.goto(`${app.url}/transcription/${call}`);
    await userPage.getByTestId('transcript').getByText('Speaker 1', { exact: true }).first().waitFor();
    await userPage.getByTestId('transcript').getByText('Speaker 2', { exact: true }).first().waitFor();
  }, 900_000);
});
