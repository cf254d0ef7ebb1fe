import { createReadStream, readFileSync } from 'node:fs';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import type { CreateApiKeyBody } from '@scrivo/contracts';
import { bodyOf, expectStatus } from '../support/expect-status';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');
const PHRASE = 'ask not what your country can do for you';

const createKey = async (client: TestClient, scopes: CreateApiKeyBody['scopes']) => {
  const res = await client.api.apiKeys.create({ body: { name: 'OpenAI SDK', scopes } });
  expectStatus(res, 201, res.text);
  return res.body.secret;
};

/** What the official client throws, as the OpenAI error it is. */
const refusal = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OpenAI.APIError);
  const apiError = error as InstanceType<typeof OpenAI.APIError>;
  return { status: apiError.status, error: apiError.error };
};

describe('the OpenAI-compatible endpoint answers the official openai client', () => {
  let app: TestApp;
  let speech: SpeechWorkerProcess | null = null;
  let owner: TestClient;
  let openai: OpenAI;

  beforeAll(async () => {
    if (speechWorkerInstalled()) speech = await startSpeechWorker();
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: speech ? 'true' : 'false',
      ...(speech ? { SCRIVO_SPEECH_URL: speech.url } : {}),
    });
    ({ client: owner } = await signedInClient(app, { plan: 'premium' }));
    openai = new OpenAI({
      apiKey: await createKey(owner, ['write']),
      baseURL: `${app.url}/v1`,
      maxRetries: 0,
    });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await speech?.stop();
  });

  describe('errors in OpenAI’s shape', () => {
    it('refuses a request without a key, or with a wrong one, as an authentication error', async () => {
      const anonymous = new OpenAI({ apiKey: 'not-a-scrivo-key', baseURL: `${app.url}/v1`, maxRetries: 0 });
      const missing = await refusal(
        anonymous.audio.transcriptions.create({ file: createReadStream(JFK), model: 'whisper-1' }),
      );
      expect(missing.status).toBe(401);
      expect(missing.error).toEqual({
        message: expect.stringContaining('Scrivo API key'),
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      });
      const wrong = new OpenAI({ apiKey: 'sk_scrivo_wrong', baseURL: `${app.url}/v1`, maxRetries: 0 });
      const refused = await refusal(
        wrong.audio.transcriptions.create({ file: createReadStream(JFK), model: 'whisper-1' }),
      );
      expect(refused).toMatchObject({ status: 401, error: { code: 'invalid_api_key' } });
      // A session is no way in: the endpoint takes keys only.
      const form = new FormData();
      form.set('file', new Blob([readFileSync(JFK)]), 'jfk.wav');
      form.set('model', 'whisper-1');
      const withSession = await owner.api.openAi.createTranscription({ body: form });
      expectStatus(withSession, 401);
      expect(withSession.body).toMatchObject({
        error: { code: 'invalid_api_key', type: 'invalid_request_error' },
      });
      // No credentials at all, as a script that forgot its key sends: OpenAI's 401, not a CSRF refusal.
      for (const path of ['/v1/audio/transcriptions', '/v1/chat/completions']) {
        const bare = await fetch(`${app.url}${path}`, { method: 'POST', body: form });
        expect(bare.status, path).toBe(401);
        expect(await bare.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
      }
    });

    it('refuses a read-only key, and names the parameter at fault', async () => {
      const reader = new OpenAI({
        apiKey: await createKey(owner, ['read']),
        baseURL: `${app.url}/v1`,
        maxRetries: 0,
      });
      const readOnly = await refusal(
        reader.audio.transcriptions.create({ file: createReadStream(JFK), model: 'whisper-1' }),
      );
      expect(readOnly).toMatchObject({ status: 403, error: { type: 'permission_error' } });

      const badFormat = await refusal(
        openai.audio.transcriptions.create({
          file: createReadStream(JFK),
          model: 'whisper-1',
          // @ts-expect-error: a format OpenAI does not have
          response_format: 'docx',
        }),
      );
      expect(badFormat).toMatchObject({
        status: 400,
        error: { type: 'invalid_request_error', param: 'response_format', code: 'validation_failed' },
      });
      const badLanguage = await refusal(
        openai.audio.transcriptions.create({
          file: createReadStream(JFK),
          model: 'whisper-1',
          language: 'english!',
        }),
      );
      expect(badLanguage).toMatchObject({ status: 400, error: { param: 'language' } });
      // 100 kB of model name: past the form's field size, so never read as a shorter one.
      const hugeModel = await refusal(
        openai.audio.transcriptions.create({ file: createReadStream(JFK), model: 'x'.repeat(100_000) }),
      );
      expect(hugeModel).toMatchObject({ status: 400, error: { param: 'model' } });
      const listLanguage = await refusal(
        openai.audio.transcriptions.create({
          file: createReadStream(JFK),
          model: 'whisper-1',
          language: 'en;rm',
        }),
      );
      expect(listLanguage).toMatchObject({ status: 400, error: { param: 'language' } });
      // Refused before anything was stored: the library is still empty.
      expect(bodyOf(await owner.api.recordings.list(), 200).total).toBe(0);
    });
  });

  describe.skipIf(!speechWorkerInstalled())('transcribing jfk.wav with the real speech worker', () => {
    it('answers json with the text, and the recording is in the library, on the owner’s minutes', async () => {
      const result = await openai.audio.transcriptions.create({
        file: createReadStream(JFK),
        model: 'whisper-1',
        response_format: 'json',
      });
      expect(phraseErrorRate(PHRASE, result.text)).toBeLessThanOrEqual(HEARD);
      const library = bodyOf(await owner.api.recordings.list(), 200);
      expect(library.items).toEqual([expect.objectContaining({ title: 'jfk', status: 'completed' })]);
      expect(bodyOf(await owner.api.recordings.usage(), 200).minutesUsed).toBeGreaterThan(0);
    }, 300_000);

    it('answers text and srt as plain text', async () => {
      const text = await openai.audio.transcriptions.create({
        file: createReadStream(JFK),
        model: 'whisper-1',
        response_format: 'text',
        language: 'en',
      });
      expect(typeof text).toBe('string');
      expect(phraseErrorRate(PHRASE, text)).toBeLessThanOrEqual(HEARD);

      const srt = await openai.audio.transcriptions.create({
        file: createReadStream(JFK),
        model: 'whisper-1',
        response_format: 'srt',
      });
      expect(srt).toMatch(/^1\n00:00:00,\d{3} --> 00:00:\d{2},\d{3}\n/);
      const cueText = srt
        .split('\n')
        .filter((line) => line && !/^\d+$/.test(line) && !line.includes('-->'))
        .join(' ');
      expect(phraseErrorRate(PHRASE, cueText)).toBeLessThanOrEqual(HEARD);
    }, 600_000);

    it('answers verbose_json with segments and word timestamps', async () => {
      const verbose = await openai.audio.transcriptions.create({
        file: createReadStream(JFK),
        model: 'whisper-1',
        response_format: 'verbose_json',
        timestamp_granularities: ['word', 'segment'],
      });
      expect(verbose).toMatchObject({ task: 'transcribe', language: 'english' });
      expect(verbose.duration).toBeGreaterThan(10);
      expect(verbose.duration).toBeLessThan(12);
      expect(phraseErrorRate(PHRASE, verbose.text)).toBeLessThanOrEqual(HEARD);
      expect(verbose.segments!.length).toBeGreaterThan(0);
      expect(verbose.segments![0]).toMatchObject({
        id: 0,
        start: expect.any(Number),
        end: expect.any(Number),
      });
      const words = verbose.words!;
      expect(words.map((w) => w.word.toLowerCase().replace(/[^a-z]/g, ''))).toEqual(
        expect.arrayContaining(['ask', 'not', 'country']),
      );
      for (const [before, after] of words.slice(0, -1).map((w, i) => [w, words[i + 1]!] as const)) {
        expect(before.start).toBeLessThanOrEqual(before.end);
        expect(before.start).toBeLessThanOrEqual(after.start);
      }
      expect(words.at(-1)!.end).toBeLessThanOrEqual(verbose.duration + 0.5);
    }, 300_000);
  });
});
