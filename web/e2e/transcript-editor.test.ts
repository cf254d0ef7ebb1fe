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
import { bodyOf, expectStatus } from '../../api/test/support/expect-status';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';
import { selectWords } from './support/select-words';
import { transcribed } from './support/transcribed';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');

describe.skipIf(!speechWorkerInstalled())(
  'the transcript editor in Chromium, on a real JFK transcript',
  () => {
    let worker: SpeechWorkerProcess;
    let app: TestApp;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let client: TestClient;
    let id = '';

    const transcribe = async (as: TestClient) => {
      const form = new FormData();
      form.set('file', new Blob([readFileSync(JFK)]), 'jfk.wav');
      form.set('title', 'JFK');
      return transcribed(as, form, 'JFK');
    };

    const browse = async (as: TestClient) => {
      const browsing = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        acceptDownloads: true,
      });
      await browsing.addCookies([browserSession(as, app.url)]);
      return browsing;
    };

    beforeAll(async () => {
      worker = await startSpeechWorker();
      app = await startTestApp({ SCRIVO_SPEECH_URL: worker.url });
      browser = await launchBrowser();
      ({ client } = await signedInClient(app, { plan: 'premium' }));
      id = await transcribe(client);
      context = await browse(client);
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
      await browser?.close();
      await app?.close();
      await worker?.stop();
    });

    it('edits a word, autosaves, keeps the edit after a reload and exports it', async () => {
      await page.goto(`${app.url}/transcription/${id}`);
      await page.getByRole('button', { name: 'Edit transcript' }).click();
      const field = page.getByRole('textbox', { name: /^Text from 0:00/ });
      const original = await field.inputValue();
      expect(original.toLowerCase()).toContain('fellow americans');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Typed for real: Space and "k" are player shortcuts, and must type text here instead of playing.
      await field.fill(original.replace(/fellow Americans/i, 'fellow citizens'));
      await field.press('End');
      await page.keyboard.type(' Okay');
      expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(true);
      await expect.poll(() => field.inputValue()).toMatch(/fellow citizens.* Okay$/);

      await page.getByTestId('save-status').getByText('All changes saved').waitFor({ timeout: 10_000 });
      expect(
        await page.evaluate((key) => localStorage.getItem(key), `scrivo:transcript-draft:${id}`),
      ).toBeNull();

      await page.reload();
      await page.getByTestId('transcript').getByText('citizens').waitFor();
      expect(await page.getByTestId('transcript').innerText()).toMatch(/fellow\s+citizens/);

      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('radio', { name: /Plain text/ }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /^Download/ }).click(),
      ]);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text).toContain('fellow citizens');
      expect(text).toContain('Okay');
    });

    it('tells when another tab saved first, and loads the latest version on request', async () => {
      const body = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200);
      const other = await client.api.recordings.editTranscript({
        params: { id },
        body: { version: body.version, segments: [{ index: 0, text: 'Saved in the other tab.' }] },
      });
      expectStatus(other, 200);

      await page.getByRole('button', { name: 'Edit transcript' }).click();
      const field = page.getByRole('textbox', { name: /^Text from 0:00/ });
      await field.fill('Typed in this tab.');
      await page
        .getByRole('alert')
        .getByText(/changed in another tab/)
        .waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Load the latest version' }).click();
      await expect.poll(() => field.inputValue()).toBe('Saved in the other tab.');
      await page.getByTestId('save-status').getByText('All changes saved').waitFor();
    });

    /** The editor's line fields, in order, and their texts. */
    const lineTexts = () =>
      page
        .getByTestId('transcript-editor')
        .getByRole('textbox', { name: /^Text from/ })
        .evaluateAll((fields) => fields.map((f) => (f instanceof HTMLTextAreaElement ? f.value : '')));
    const lineIndex = async (startsWith: string) =>
      (await lineTexts()).findIndex((t) => t.startsWith(startsWith));

    it('moves words to a new speaker, merges and splits lines, undoes, and the export follows', async () => {
      const body = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200);
      const sentence = 'And so my fellow Americans ask not what your country can do for you';
      const edited = await client.api.recordings.editTranscript({
        params: { id },
        body: { version: body.version, segments: [{ index: 0, text: sentence }] },
      });
      expectStatus(edited, 200);
      await page.goto(`${app.url}/transcription/${id}`);
      await page.getByRole('button', { name: 'Edit transcript' }).click();
      const first = page.getByRole('textbox', { name: /^Text from 0:00/ }).first();
      await expect.poll(() => first.inputValue()).toBe(sentence);

      // Select "ask not what your country" in the line, then give those words to a new speaker.
      await first.evaluate((field, text) => {
        if (!(field instanceof HTMLTextAreaElement)) return;
        const start = text.indexOf('ask not');
        field.focus();
        field.setSelectionRange(start, text.indexOf(' can do'));
      }, sentence);
      await page.getByRole('combobox', { name: /^Assign the line from 0:00/ }).selectOption('New speaker…');
      await page.getByRole('textbox', { name: /^Name of the new speaker/ }).fill('Kennedy');
      await page.keyboard.press('Enter');
      const kennedy = page.locator('input[data-speaker="Kennedy"]');
      await kennedy.waitFor();
      await expect
        .poll(lineTexts)
        .toEqual(
          expect.arrayContaining([
            'And so my fellow Americans',
            'ask not what your country',
            'can do for you',
          ]),
        );
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Autosaved as a transcript version: a reload shows it, and the export follows it.
      await page.reload();
      await page.getByTestId('transcript').getByText('Kennedy').waitFor();
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('radio', { name: /Plain text/ }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /^Download/ }).click(),
      ]);
      expect(readFileSync((await download.path())!, 'utf8')).toMatch(
        /Kennedy.*\n?.*ask not what your country/,
      );
      await page.keyboard.press('Escape');

      // Merge the moved words back into the line before them, then take that back with Undo.
      await page.getByRole('button', { name: 'Edit transcript' }).click();
      const moved = await lineIndex('ask not');
      await page
        .getByRole('button', { name: /with the line before it$/ })
        .nth(moved - 1)
        .click();
      await expect
        .poll(() => lineIndex('And so my fellow Americans ask not what your country'))
        .toBeGreaterThan(-1);
      await page.getByRole('button', { name: 'Undo line change' }).click();
      await expect.poll(() => lineIndex('ask not what your country')).toBe(moved);
      await kennedy.waitFor();

      // Split the first line at the cursor, before "my", and give the new line to Kennedy.
      await first.evaluate((field) => {
        if (!(field instanceof HTMLTextAreaElement)) return;
        field.focus();
        field.setSelectionRange(field.value.indexOf('my'), field.value.indexOf('my'));
      });
      await page.getByRole('button', { name: /^Split the line from 0:00/ }).click();
      await expect
        .poll(() => lineTexts().then((t) => t.slice(0, 2)))
        .toEqual(['And so', 'my fellow Americans']);
      await page
        .getByRole('combobox', { name: /^Assign the line/ })
        .nth(1)
        .selectOption('Kennedy');
      await expect.poll(() => page.locator('input[data-speaker="Kennedy"]').count()).toBe(1);
      await page.getByTestId('save-status').getByText('All changes saved').waitFor();
      const segments = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200).segments;
      expect(segments.slice(0, 3).map((s) => [s.speaker === 'Kennedy', s.text])).toEqual([
        [false, 'And so'],
        [true, 'my fellow Americans'],
        [true, 'ask not what your country'],
      ]);
    });

    it('reads as paragraphs with normal spacing; a click on a word plays from it; Ctrl+F finds', async () => {
      await page.goto(`${app.url}/transcription/${id}`);
      const transcript = page.getByTestId('transcript');
      // Kennedy's two lines (from the test before) read as one paragraph under one timestamp.
      const kennedy = transcript.getByRole('region').filter({ hasText: 'my fellow Americans' });
      await expect
        .poll(() => kennedy.innerText())
        .toMatch(/Kennedy\s+my fellow Americans ask not what your country/);
      expect(await kennedy.getByRole('button', { name: /^Play from/ }).count()).toBe(1);

      // Words sit a normal space apart, as in any text.
      const gaps = await transcript.evaluate((root) => {
        const words = [...root.querySelectorAll<HTMLElement>('[data-start]')].slice(0, 6);
        const box = (node: HTMLElement) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return range.getBoundingClientRect();
        };
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = getComputedStyle(words[0]!).font;
        const space = context.measureText(' ').width;
        return words.slice(1).flatMap((word, i) => {
          const [a, b] = [box(words[i]!), box(word)];
          return Math.abs(a.top - b.top) < 2 ? [Math.abs(b.left - a.right - space)] : [];
        });
      });
      expect(gaps.length).toBeGreaterThan(0);
      for (const gap of gaps) expect(gap).toBeLessThan(1.5);

      // A click on a word plays from that word.
      await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
      const word = transcript.locator('[data-start]', { hasText: /^country/ }).first();
      const start = Number(await word.getAttribute('data-start'));
      await word.click();
      await page.waitForFunction((s) => {
        const audio = document.querySelector('audio')!;
        return !audio.paused && audio.currentTime >= s - 0.05;
      }, start);
      await page.getByRole('button', { name: 'Pause', exact: true }).click();

      // Ctrl+F searches this transcript: matches are highlighted, Enter goes to the next one.
      await page.keyboard.press('Control+f');
      const find = page.getByRole('searchbox', { name: 'Find in transcript' });
      await expect.poll(() => find.evaluate((f) => f === document.activeElement)).toBe(true);
      // "you" is in "your" too: a search finds parts of words.
      await find.fill('you');
      const count = page.getByTestId('search-count');
      await expect.poll(() => count.innerText()).toMatch(/^1 of \d+$/);
      expect(await count.innerText()).not.toBe('1 of 1');
      expect(await transcript.locator('[data-current-match="true"]').innerText()).toMatch(/^your/i);
      await find.press('Enter');
      await expect.poll(() => count.innerText()).toMatch(/^2 of/);
      await page.getByRole('button', { name: 'Previous match' }).click();
      await expect.poll(() => count.innerText()).toMatch(/^1 of/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await find.press('Escape');
      expect(await find.count()).toBe(0);

      // The player's buttons are drawn icons with names, not text glyphs.
      for (const name of ['Back 5 seconds', 'Forward 5 seconds', 'Keyboard shortcuts']) {
        const button = page.getByRole('button', { name, exact: true });
        expect(await button.locator('svg').count()).toBe(1);
        expect(await button.innerText()).not.toMatch(/[↺↻⌨?]/);
      }
    });

    it('finds and replaces in the editor, saved like any edit', async () => {
      await page.getByRole('button', { name: 'Edit transcript' }).click();
      await page.getByRole('button', { name: 'Find and replace' }).click();
      await page.getByRole('searchbox', { name: 'Find in transcript' }).fill('Your Country');
      await expect.poll(() => page.getByTestId('search-count').innerText()).toMatch(/^1 of \d+$/);
      await page.getByRole('textbox', { name: 'Replace with' }).fill('the nation');
      await page.getByRole('button', { name: 'Replace all' }).click();
      await expect.poll(() => page.getByTestId('search-count').innerText()).toBe('No matches');
      await page.getByTestId('save-status').getByText('All changes saved').waitFor({ timeout: 10_000 });
      const body = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200);
      expect(body.text).toMatch(/ask not what the nation/);
      expect(body.text).not.toMatch(/your country/i);
    });

    it('gives words selected across lines in the reading view to a new speaker', async () => {
      await page.getByRole('button', { name: 'Done editing' }).click();
      const transcript = page.getByTestId('transcript');
      // Dragged with the mouse from "fellow" to "can", across a line and a speaker change.
      const bar = await selectWords(page, 'fellow', 'can');
      await bar.getByRole('button', { name: 'Assign to a new speaker' }).click();
      await bar.getByRole('textbox', { name: /^Name of the new speaker/ }).fill('Host');
      await bar.getByRole('textbox', { name: /^Name of the new speaker/ }).press('Enter');
      await transcript.getByText('Host', { exact: true }).waitFor();
      const lines = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200)
        .segments.slice(1, 5)
        .map((s) => `${s.speaker}: ${s.text.trim()}`);
      expect(lines).toEqual([
        'Kennedy: my',
        'Host: fellow Americans',
        'Host: ask not what the nation',
        'Host: can',
      ]);
    });

    it('shows Free users the transcript read-only, with the plans that include the editor', async () => {
      const { client: freeClient } = await signedInClient(app);
      const freeId = await transcribe(freeClient);
      const free = await browse(freeClient);
      const freePage = await free.newPage();
      await freePage.goto(`${app.url}/transcription/${freeId}`);
      await freePage.getByTestId('editor-upsell').getByRole('link', { name: 'See plans' }).waitFor();
      expect(await freePage.getByRole('button', { name: 'Edit transcript' }).count()).toBe(0);
      expect(await freePage.getByRole('textbox').count()).toBe(0);
      await free.close();
    });
  },
);
