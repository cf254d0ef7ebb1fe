import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LanguageModelProcess,
  languageModelInstalled,
  startLanguageModel,
} from '@scrivo/adapters/testing/language-model-process';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import { completedRecording } from '../recordings/support/completed-recording';
import { bodyOf, expectStatus } from '../support/expect-status';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { until } from './support/until';

type Lines = [number, string | null, string][];

const transcriptOf = (language: string, lines: Lines): TranscriptBody => ({
  language,
  languageProbability: 0.99,
  durationSeconds: lines.at(-1)![0] + 5,
  text: lines.map(([, , text]) => text).join(' '),
  segments: lines.map(([start, speaker, text], id) => ({
    id,
    start,
    end: lines[id + 1]?.[0] ?? start + 5,
    text: ` ${text}`,
    speaker,
    words: [],
  })),
  engine: 'test:fixed',
});

const meeting = transcriptOf('en', [
  [0, 'Anna', 'Good morning everyone, let us start with the launch of the new mobile app.'],
  [6, 'Ben', 'The app store review took longer than planned, so we are two weeks late.'],
  [13, 'Anna', 'Then we agree to move the launch date to the ninth of March.'],
  [19, 'Carla', 'That works for marketing. I will book the venue for the launch party this week.'],
  [27, 'Ben', 'I will update the press release and send it to Anna by Friday.'],
  [34, 'Anna', 'Good. Next topic is the budget for the second quarter.'],
  [40, 'Carla', 'Advertising costs went up by ten percent, mostly on social media.'],
  [54, 'Anna', 'We decide to shift twenty percent of the social budget to search ads.'],
  [61, 'Carla', 'I will prepare the new budget table for the finance team.'],
  [68, 'Anna', 'Thank you all, we meet again next Tuesday.'],
]);
// Enough for the model to write a summary of: what starts one by itself is under test there, not what it says.
const shortMeeting = transcriptOf('en', [
  [0, 'Anna', 'We agree to move the launch date to the ninth of March.'],
  [5, 'Ben', 'I will update the press release by Friday.'],
]);
const spanish = transcriptOf('es', [
  [0, null, 'Buenos días a todos.'],
  [3, null, 'La reunión del lunes empieza a las nueve.'],
  [7.5, null, 'María enviará el informe el viernes.'],
]);
const french = transcriptOf('fr', [
  [0, null, 'Bonjour à tous.'],
  [2.5, null, 'Le rapport est prêt pour vendredi.'],
]);

describe.skipIf(!languageModelInstalled())(
  'summaries and translations: written by the local model as jobs, versioned, edited, exported',
  () => {
    let llm: LanguageModelProcess;
    let app: TestApp;
    let pro: { client: TestClient };
    let premium: { client: TestClient };
    let meetingId: string;

    const summary = (client: TestClient, id = meetingId) => client.api.summaries.get({ params: { id } });

    beforeAll(async () => {
      llm = await startLanguageModel();
      app = await startTestApp({
        // No speech worker races the hand-completed transcripts; summaries and translations run in process.
        SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
        SCRIVO_IN_PROCESS_LANGUAGE_WORKER: 'true',
        SCRIVO_LLM_URL: llm.url,
      });
      pro = await signedInClient(app, { plan: 'business_pro' });
      premium = await signedInClient(app, { plan: 'premium' });
      meetingId = await completedRecording(app, pro.client, meeting);
    }, 240_000);
    afterAll(async () => {
      await app?.close();
      await llm?.stop();
    });

    it('writes a Business Pro user’s summary as a job: overview, decisions, owned action items, chapters', async () => {
      const before = await summary(pro.client);
      expect(before.body).toMatchObject({ status: 'none', content: null, planAllows: true });
      const started = await pro.client.api.summaries.request({ params: { id: meetingId }, body: {} });
      expectStatus(started, 202, started.text);
      expect(started.body).toMatchObject({ status: 'running', progress: 0 });
      // A second request while one runs is a conflict, not a second job.
      const twice = await pro.client.api.summaries.request({ params: { id: meetingId }, body: {} });
      expectStatus(twice, 409);
      const ready = await until(
        () => summary(pro.client),
        (r) => bodyOf(r, 200).status !== 'running',
        240_000,
      );
      expectStatus(ready, 200);
      expect(ready.body.status, JSON.stringify(ready.body)).toBe('ready');
      expect(ready.body.content).not.toBeNull();
      const content = ready.body.content!;
      // What the small model gets right is measured in bench/README.md; here: every part of the shape is there.
      expect(content.overview.length).toBeGreaterThan(20);
      expect(content.decisions.length + content.actionItems.length).toBeGreaterThan(0);
      expect(content.actionItems.some((a) => a.owner !== null)).toBe(true);
      expect(content.chapters.length).toBeGreaterThan(0);
      // Every point links to a second inside the recording.
      for (const p of [...content.decisions, ...content.actionItems]) {
        expect(p.at).toBeGreaterThanOrEqual(0);
        expect(p.at).toBeLessThanOrEqual(73);
      }
      expect(ready.body).toMatchObject({
        language: 'en',
        revision: 1,
        transcriptVersion: 1,
        outOfDate: false,
        progress: 1,
      });
      expect(String(ready.body.engine)).toMatch(/^local:/);
    }, 300_000);

    it('marks the summary out of date once the transcript is edited', async () => {
      const edited = await pro.client.api.recordings.editTranscript({
        params: { id: meetingId },
        body: { version: 1, segments: [{ index: 9, text: 'Thank you all, we meet again next Wednesday.' }] },
      });
      expectStatus(edited, 200, edited.text);
      const after = await summary(pro.client);
      expect(after.body).toMatchObject({ outOfDate: true, transcriptVersion: 1 });
    });

    it('saves the owner’s edits as new revisions and refuses one made from an old revision', async () => {
      const current = bodyOf(await summary(pro.client), 200);
      expect(current.content).not.toBeNull();
      const content = {
        ...current.content!,
        overview: 'Launch moved to 9 March; budget shifted to search ads.',
      };
      const saved = await pro.client.api.summaries.edit({
        params: { id: meetingId },
        body: { content, revision: current.revision },
      });
      expectStatus(saved, 200, saved.text);
      expect(saved.body).toMatchObject({
        revision: current.revision + 1,
        content: { overview: content.overview },
      });
      const stale = await pro.client.api.summaries.edit({
        params: { id: meetingId },
        body: { content, revision: current.revision },
      });
      expectStatus(stale, 409);
      expect(stale.body.code).toBe('SUMMARY_VERSION_CONFLICT');
      const bad = await pro.client.api.summaries.edit({
        params: { id: meetingId },
        body: {
          content: { ...content, chapters: [{ title: 'x', start: -3 }] },
          revision: current.revision + 1,
        },
      });
      expect(bad.status).toBe(400);
    });

    it('puts the summary in the TXT, JSON and DOCX exports', async () => {
      const txt = await pro.client.api.recordings.export({
        params: { id: meetingId },
        query: { format: 'txt', summary: 'true' },
      });
      expectStatus(txt, 200, txt.text);
      expect(txt.text).toContain('Launch moved to 9 March; budget shifted to search ads.');
      expect(txt.text).toMatch(/Decisions|Action items/);
      expect(txt.text).toContain('next Wednesday');
      const json = await pro.client.api.recordings.export({
        params: { id: meetingId },
        query: { format: 'json' },
      });
      expect(json.body).toMatchObject({
        summary: { overview: 'Launch moved to 9 March; budget shifted to search ads.' },
      });
      const docx = await fetch(`${app.url}/api/recordings/${meetingId}/export?format=docx&summary=true`, {
        headers: { cookie: pro.client.cookieHeader },
      });
      expect(docx.status).toBe(200);
      const file = join(app.dataDir, 'summary.docx');
      writeFileSync(file, Buffer.from(await docx.arrayBuffer()));
      const xml = execFileSync('python3', [
        '-c',
        'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read("word/document.xml").decode())',
        file,
      ]).toString();
      expect(xml).toContain('Summary');
      expect(xml).toContain('Launch moved to 9 March; budget shifted to search ads.');
    });

    it('cancels a summary being written and keeps the previous one', async () => {
      const started = await pro.client.api.summaries.request({ params: { id: meetingId }, body: {} });
      expectStatus(started, 202, started.text);
      const cancelled = await pro.client.api.summaries.cancel({ params: { id: meetingId } });
      expectStatus(cancelled, 200, cancelled.text);
      expect(cancelled.body).toMatchObject({
        status: 'ready',
        content: { overview: 'Launch moved to 9 March; budget shifted to search ads.' },
      });
    });

    it('shows other plans what they would get and refuses to write one for them', async () => {
      const id = await completedRecording(app, premium.client, meeting);
      const view = await summary(premium.client, id);
      expect(view.body).toMatchObject({ status: 'none', planAllows: false });
      const refused = await premium.client.api.summaries.request({ params: { id }, body: {} });
      expectStatus(refused, 402);
      expect(refused.body.code).toBe('PLAN_UPGRADE_REQUIRED');
      // Someone else's recording is not found, whatever the plan.
      expect((await summary(pro.client, id)).status).toBe(404);
    });

    it('translates a Spanish transcript into English segment by segment and exports SRT in English', async () => {
      const id = await completedRecording(app, premium.client, spanish);
      const options = await premium.client.api.translations.list({ params: { id } });
      expectStatus(options, 200, options.text);
      expect(options.body.planAllows).toBe(true);
      const engines = options.body.engines;
      expect(engines.find((e) => e.engine === 'local')).toMatchObject({ available: true });
      expect(engines.find((e) => e.engine === 'local')!.targets).toEqual(
        expect.arrayContaining(['en', 'fr', 'de', 'it', 'pt']),
      );
      const started = await premium.client.api.translations.request({
        params: { id },
        body: { target: 'en', engine: 'local' },
      });
      expectStatus(started, 202, started.text);
      const done = await until(
        () => premium.client.api.translations.get({ params: { id, target: 'en' } }),
        (r) => bodyOf(r, 200).status !== 'running',
        240_000,
      );
      expectStatus(done, 200);
      expect(done.body).toMatchObject({ status: 'ready', machineDraft: true, source: 'es', target: 'en' });
      const segments = done.body.segments ?? [];
      expect(segments.map((s) => [s.start, s.end])).toEqual([
        [0, 3],
        [3, 7.5],
        [7.5, 12.5],
      ]);
      expect(segments[1]!.text.toLowerCase()).toMatch(/monday/);
      const srt = await premium.client.api.recordings.export({
        params: { id },
        query: { format: 'srt', language: 'en' },
      });
      expectStatus(srt, 200, srt.text);
      expect(srt.text).toMatch(/00:00:03,000 -->/);
      expect(srt.text.toLowerCase()).toMatch(/friday/);
      expect(srt.text).not.toMatch(/viernes/);
    }, 180_000);

    it('translates French into German, and refuses pairs an engine cannot do', async () => {
      const id = await completedRecording(app, premium.client, french);
      const whisperToGerman = await premium.client.api.translations.request({
        params: { id },
        body: { target: 'de', engine: 'whisper' },
      });
      expectStatus(whisperToGerman, 422);
      expect(whisperToGerman.body.code).toBe('TRANSLATION_PAIR_UNSUPPORTED');
      const same = await premium.client.api.translations.request({
        params: { id },
        body: { target: 'fr', engine: 'local' },
      });
      expect(same.status).toBe(422);
      const started = await premium.client.api.translations.request({
        params: { id },
        body: { target: 'de', engine: 'local' },
      });
      expectStatus(started, 202, started.text);
      const done = await until(
        () => premium.client.api.translations.get({ params: { id, target: 'de' } }),
        (r) => bodyOf(r, 200).status !== 'running',
        240_000,
      );
      expectStatus(done, 200);
      expect(done.body.status, JSON.stringify(done.body)).toBe('ready');
      const vtt = await premium.client.api.recordings.export({
        params: { id },
        query: { format: 'vtt', language: 'de' },
      });
      expect(vtt.status).toBe(200);
      expect(vtt.text.toLowerCase()).toMatch(/freitag/);
    }, 180_000);

    it('summarises new transcripts by itself once the owner turns that on (Business Pro only)', async () => {
      const refused = await premium.client.api.summaries.changeSettings({ body: { autoSummarize: true } });
      expect(refused.status).toBe(402);
      const on = await pro.client.api.summaries.changeSettings({ body: { autoSummarize: true } });
      expectStatus(on, 200, on.text);
      expect(on.body).toEqual({ autoSummarize: true, planAllows: true });
      const id = await completedRecording(app, pro.client, shortMeeting);
      const ready = await until(
        () => summary(pro.client, id),
        (r) => ['ready', 'failed'].includes(bodyOf(r, 200).status),
        240_000,
      );
      expectStatus(ready, 200);
      expect(ready.body.status, JSON.stringify(ready.body)).toBe('ready');
      const off = await pro.client.api.summaries.changeSettings({ body: { autoSummarize: false } });
      expect(off.body).toEqual({ autoSummarize: false, planAllows: true });
    }, 300_000);

    it('refuses translation on the Free plan with the way to get it', async () => {
      const free = await signedInClient(app);
      const id = await completedRecording(app, free.client, spanish);
      const refused = await free.client.api.translations.request({
        params: { id },
        body: { target: 'en', engine: 'local' },
      });
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({ code: 'PLAN_UPGRADE_REQUIRED' });
    });
  },
);
