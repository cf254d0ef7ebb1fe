// The README's walkthrough pictures (docs/img), taken from the running product in Chromium: the real API, the real
// speech worker and a real two-person recording, so what the pictures show is what a new user sees. Run on demand
// (it writes into the repository), after the build:
//
//   SCRIVO_SCREENSHOTS=1 npx vitest run --project e2e web/e2e/docs-screenshots.test.ts
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { startSpeechWorker } from '@scrivo/adapters/testing/speech-worker-process';
import { startTestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { dropFiles, signedInContext } from './support/recordings-browser';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const root = join(import.meta.dirname, '../..');
const out = join(root, 'docs/img');
/** The cookie banner answered once ("Decline"), as a returning visitor has: the pictures show the product. */
const answeredCookieBanner = () => {
  localStorage.setItem('cookie-consent', 'rejected');
  localStorage.setItem(
    'cookie-preferences',
    JSON.stringify({ analytics: false, marketing: false, functional: false }),
  );
};
const CALL = sharedAudio('pyannote-sample/sample.wav');

it.skipIf(!process.env.SCRIVO_SCREENSHOTS)(
  'takes the walkthrough screenshots for docs/img',
  async () => {
    mkdirSync(out, { recursive: true });
    const worker = await startSpeechWorker();
    const app = await startTestApp({ SCRIVO_SPEECH_URL: worker.url });
    const browser = await launchBrowser();
    try {
      const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await visitor.addInitScript(answeredCookieBanner);
      const landing = await visitor.newPage();
      await landing.goto(`${app.url}/`);
      await landing.screenshot({ path: join(out, '1-landing.png') });
      await landing.goto(`${app.url}/signup`);
      await landing.screenshot({ path: join(out, '2-sign-up.png') });
      await visitor.close();

      const { context } = await signedInContext(app, browser, { width: 1280, height: 800 }, 'business_pro');
      await context.addInitScript(answeredCookieBanner);
      const page = await context.newPage();
      await page.goto(`${app.url}/dashboard`);
      await page.getByRole('heading', { name: 'Transcribe a recording' }).waitFor();
      await dropFiles(page, [{ path: CALL, type: 'audio/wav' }]);
      const item = page.getByTestId('recording-item').filter({ hasText: 'sample' });
      await item.getByText('Completed').waitFor({ timeout: 180_000 });
      await page.screenshot({ path: join(out, '3-dashboard.png') });

      await item.getByRole('link').first().click();
      await page.waitForURL('**/transcription/*');
      await page.getByTestId('transcript').waitFor();
      await page.screenshot({ path: join(out, '4-transcript.png') });

      // The editor fixing a diarization mistake: the second line given to a new speaker, the menu open on the next.
      await page.getByRole('button', { name: 'Edit transcript' }).click();
      const assign = page.getByRole('combobox', { name: /^Assign the line from/ });
      await assign.nth(1).selectOption('New speaker…');
      await page.getByRole('textbox', { name: /^Name of the new speaker/ }).fill('Guest');
      await page.keyboard.press('Enter');
      await page.locator('input[data-speaker="Guest"]').waitFor();
      await page.getByTestId('save-status').getByText('All changes saved').waitFor();
      await page
        .getByRole('button', { name: /^Split the line from/ })
        .nth(2)
        .hover();
      await page.screenshot({ path: join(out, '6-editor-speakers.png') });

      await page.goto(`${app.url}/dashboard`);
      await page.getByRole('tab', { name: 'Record' }).click();
      await page.screenshot({ path: join(out, '5-record.png') });
      await context.close();
      console.log(`screenshots written to ${out}`);
    } finally {
      await browser.close();
      await app.close();
      await worker.stop();
    }
  },
  300_000,
);
